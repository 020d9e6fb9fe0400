/**
 * The yardstick for the server bench: a bare Fastify 5 route on the same machine, answering a
 * JSON body of the size /user/info answers, with none of our work (no token, database, cipher).
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = {
  code: 0,
  msg: 'ok',
  data: { userId: 1, nickName: '陈总', phone: '13800000001', wechatUserId: 'AnTuChen', storeIds: '2,3,4', garageInfo: { id: 1, corpId: 'wwantu0000demo01', name: '安途汽车服务总部' } },
};
app.get('/api/user/info', async () => body);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
