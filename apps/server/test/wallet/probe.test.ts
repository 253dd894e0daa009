import { it, expect } from 'vitest';
import { createWalletTestApp, createSeller, createOperator, loginToken, opsLoginToken, requestDeposit, call, pngBytes, storedScreenshots } from '../helper.ts';
it('probe', async () => {
  const ctx = await createWalletTestApp();
  const s = await createSeller(ctx.db);
  const t = await loginToken(ctx.app, s.username, s.password);
  const op = await createOperator(ctx.db);
  const ot = await opsLoginToken(ctx.app, op.username, op.password);
  console.log(JSON.stringify(await requestDeposit(ctx.app, t, '12.50')));
  console.log(JSON.stringify(await requestDeposit(ctx.app, t, '12.50', { file: pngBytes(6 * 1024 * 1024) })));
  console.log(JSON.stringify(await requestDeposit(ctx.app, t, '12.50', { network: 'constructor' })));
  console.log(JSON.stringify(await requestDeposit(ctx.app, t, '1', { })));
  console.log(storedScreenshots(ctx.uploadsDir));
  console.log(JSON.stringify(await call(ctx.app, 'POST', '/api/ops/shops/1/credit', { token: t, body: {} })));
  console.log(JSON.stringify(await call(ctx.app, 'POST', '/api/ops/shops/1/credit', { body: {} })));
  console.log(JSON.stringify(await call(ctx.app, 'GET', '/api/ops/deposits', { token: ot })));
  await ctx.close();
});
