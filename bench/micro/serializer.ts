// node --import tsx bench/micro/serializer.ts: a response checked and stringified by zod's
// encode (fastify-type-provider-zod, what the server uses) and by zod's parse path (what the
// removed plugins/response-serializer.ts used for schemas without transforms; ADR 0016).
import { serializerCompiler } from 'fastify-type-provider-zod';
import { dashboardSchema, userViewSchema } from '@app/shared';
import { measure } from './measure';

const user = {
  _id: 'u_0123456789abcdef', name: 'Test User', email: 'user@example.com', phone: '+14155550100', country: 'US', bio: '', photo: null,
  role: 'subscriber', isVerified: true, kycStatus: 'Approved', balance: '1250.00', availableBalance: '1000.00', investmentBalance: '500.00',
  totalMaturityAmount: '12.50', fees: '0.00', hasFees: false, referralCode: 'ABCDEFGHJK', isImpersonated: false, twoFactorEnabled: false, createdAt: '2026-11-20T10:00:00.000Z',
};
const dashboard = {
  balance: '1250.00', availableBalance: '1000.00', investmentBalance: '500.00', totalMaturityAmount: '12.50', fees: '0.00', hasFees: false, isVerified: true, kycStatus: 'Approved',
  series: { from: '2026-10-27', to: '2026-11-25', changes: [{ date: '2026-10-27', balance: '1000.00' }, { date: '2026-11-20', balance: '1250.00' }] },
};
const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as never;
for (const [name, schema, data] of [['user view', userViewSchema, user], ['dashboard', dashboardSchema, dashboard]] as const) {
  const encode = serializerCompiler(route(schema));
  const parse = (value: unknown) => JSON.stringify(schema.parse(value));
  measure(name, { 'zod encode (library)': () => encode(data), 'zod parse (removed trick)': () => parse(data), 'JSON.stringify alone': () => JSON.stringify(data) });
}
