import { PGlite } from '@electric-sql/pglite';
let t=Date.now();
const a = new PGlite(); await a.exec('create table x(id int)');
console.log('cold', Date.now()-t); t=Date.now();
const dump = await a.dumpDataDir('none'); console.log('dump', Date.now()-t, dump.size);
t=Date.now();
const b = new PGlite({loadDataDir: dump}); await b.query('select * from x'); console.log('load', Date.now()-t);
t=Date.now();
const c = new PGlite({loadDataDir: dump}); await c.query('select * from x'); console.log('load2', Date.now()-t);
