// node --import tsx bench/micro/serializer.ts: a response checked and stringified by zod's
// encode (fastify-type-provider-zod's serializer) and by the server's (plugins/response-serializer.ts:
// zod's parse path for schemas that only check values; ADR 0016).
import { serializerCompiler } from 'fastify-type-provider-zod';
import { responseSerializerCompiler } from '../../apps/server/src/plugins/response-serializer';
import { dashboardSchema, userViewSchema } from '@app/shared';
import { measure } from './measure';

const user = {
  _id: 'u_0123456789abcdef', name: 'Test User', email: 'user@example.com', phone: '+14155550100', country: 'US', bio: '', photo: null,
  role: 'subscriber', isVerified: true, kycStatus: 'Approved', balance: '1250.00', availableBalance: '1000.00', investmentBalance: '500.00',
  totalMaturityAmount: '12.50', fees: '0.00', hasFees: false, referralCode: 'ABCDEFGHJK', isImpersonated: false, twoFactorEnabled: false, language: 'en', createdAt: '2026-11-20T10:00:00.000Z',
};
const dashboard = {
  balance: '1250.00', availableBalance: '1000.00', investmentBalance: '500.00', totalMaturityAmount: '12.50', fees: '0.00', hasFees: false, isVerified: true, kycStatus: 'Approved',
  series: { from: '2026-10-27', to: '2026-11-25', changes: [{ date: '2026-10-27', balance: '1000.00' }, { date: '2026-11-20', balance: '1250.00' }] },
};
const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as never;
for (const [name, schema, data] of [['user view', userViewSchema, user], ['dashboard', dashboardSchema, dashboard]] as const) {
  const encode = serializerCompiler(route(schema));
  const parse = responseSerializerCompiler(route(schema));
  measure(name, { 'zod encode (library)': () => encode(data), 'zod parse (the server)': () => parse(data), 'JSON.stringify alone': () => JSON.stringify(data) });
}
