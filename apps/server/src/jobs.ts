import type { FastifyInstance } from 'fastify';
import { penalizeOverdueOrders } from './modules/orders/overtime-job.ts';
import { runDemoCarrier } from './modules/shipping/carrier-service.ts';

/**
 * Background jobs of the server process (never started by buildApp, so tests run none): the
 * overtime purchase job and, in the demo, the built-in carrier. A run never overlaps the previous
 * one. Answers a function that stops them.
 */
export function startBackgroundJobs(app: FastifyInstance): () => void {
  const timers: NodeJS.Timeout[] = [];
  const every = (name: string, ms: number, run: () => Promise<unknown>) => {
    if (ms <= 0) return;
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      run()
        .then((result) => app.log.debug({ job: name, result }, 'job done'))
        .catch((error) => app.log.error({ err: error, job: name }, 'job failed'))
        .finally(() => {
          running = false;
        });
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  every('overtime', app.config.overtimeJobIntervalMs, () => penalizeOverdueOrders(app.db));
  every('demo-carrier', app.config.demoCarrierIntervalMs, () => runDemoCarrier(app.db, { minStepMs: app.config.demoCarrierIntervalMs }));
  return () => timers.forEach((t) => clearInterval(t));
}
