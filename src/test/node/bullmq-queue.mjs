// BullMQ against a server on 127.0.0.1:<port>, through ioredis (BullMQ's default) or node-redis, in three parts.
//
// processed: a Queue gets plain jobs, a delayed one, prioritized ones, one that fails once and is retried after a
// fixed backoff, one that fails every attempt, a flow (FlowProducer: a parent waiting for two children) and a job
// scheduler repeating every 300 ms twice. QueueEvents (XREAD BLOCK on the queue's events stream from "$"; it is
// known to be reading once a custom event published with QueueEventsProducer reaches it) observes them while one
// Worker with concurrency 3 processes them all.
// manual: a Worker without a processor takes a second queue's jobs one by one, in BullMQ's order (LIFO, priorities,
// promote, retry, moveToDelayed), with progress, logs, deduplication, pause/resume, a rate limit, CLIENT LIST
// (getWorkers), metrics, clean and the events stream trimmed approximately.
// relay: two nodes of BullMQ's Relay route messages on topics, one of them retained.
// Job counts, states, return values, failure reasons and the events seen are reported, sorted where BullMQ does not
// promise an order, without ids or timestamps; the queues are obliterated.
//
// usage: node bullmq-queue.mjs <port> [ioredis|node-redis]
// On success prints one line "RESULT <json>" and exits 0; otherwise prints "FAILED: <why>" on stderr and exits 1
// (2 if the whole run takes longer than DEADLINE_MS, whatever the server does).
import {
  createNodeRedisClient, FlowProducer, Job, Queue, QueueEvents, QueueEventsProducer, RedisConnection, Relay, Worker
} from 'bullmq';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { fail, report } from './script-result.mjs';

const DEADLINE_MS = 50_000;
const WAIT_MS = 20_000;
const QUEUE = 'redactor-bullmq';
const MANUAL = 'redactor-bullmq-manual';
const RELAY = 'redactor-bullmq-relay';
const CONCURRENCY = 3;
const WORK_MS = 150;
const PLAIN_TOGETHER_MS = 10_000;
/** The events of QueueEvents the result lists (by job name); others, like "active", depend on timing. */
const EVENTS = ['added', 'completed', 'failed', 'retries-exhausted', 'waiting-children'];

/** A plain ioredis client, to look at the keys BullMQ leaves. */
async function plainClient(connection) {
  const client = new Redis({ ...connection, lazyConnect: true });
  await client.connect();
  return client;
}

/** Waits for condition() to be true; what() says what it waits for (and what it saw). */
async function waitFor(what, condition) {
  const until = Date.now() + WAIT_MS;
  while (!(await condition())) {
    if (Date.now() > until) {
      throw new Error(`timed out after ${WAIT_MS} ms waiting for ${what()}`);
    }
    await sleep(20);
  }
}

function sleep(ms) {
  return new Promise(resolve => setTimeout(resolve, ms));
}

function byName(entries) {
  return entries.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/**
 * What the worker does with each job, by name; it also keeps the most jobs it ran at once. The plain jobs wait
 * (a bounded time) for each other, so with a concurrency of 3 the three of them always run together.
 */
function processor(running) {
  return async job => {
    running.now++;
    running.most = Math.max(running.most, running.now);
    try {
      await sleep(WORK_MS);
      if (job.name.startsWith('plain-')) {
        running.plain.add(job.name);
        const until = Date.now() + PLAIN_TOGETHER_MS;
        while (running.plain.size < 3 && Date.now() < until) {
          await sleep(10);
        }
        running.plainTogether.push(running.plain.size === 3);
      }
      switch (job.name) {
        case 'flaky':
          if (job.attemptsMade === 0) {
            throw new Error('flaky fails once');
          }
          return { flaky: 'succeeded', attempt: job.attemptsMade + 1 };
        case 'doomed':
          throw new Error(`doomed fails attempt ${job.attemptsMade + 1}`);
        case 'parent': {
          const children = Object.values(await job.getChildrenValues());
          return { children: children.sort((a, b) => a - b) };
        }
        case 'tick':
          return 'tock';
        default:
          return job.data.n === undefined ? job.name : job.data.n * 2;
      }
    } finally {
      running.now--;
    }
  };
}

/** The "processed" part: a Worker with a processor, observed by QueueEvents. */
async function processJobs(connection) {
  const errors = [];
  const onError = what => error => errors.push(`${what}: ${error.message}`);
  const queue = new Queue(QUEUE, { connection });
  queue.on('error', onError('queue'));
  await queue.waitUntilReady();
  await queue.obliterate({ force: true });

  const seen = [];
  const custom = [];
  const queueEvents = new QueueEvents(QUEUE, { connection, blockingTimeout: 1_000 });
  queueEvents.on('error', onError('queueEvents'));
  for (const event of EVENTS) {
    queueEvents.on(event, args => seen.push([event, args.jobId, args.failedReason ?? null]));
  }
  queueEvents.on('hello', args => custom.push(args.greeting));
  await queueEvents.waitUntilReady();
  const producer = new QueueEventsProducer(QUEUE, { connection });
  producer.on('error', onError('producer'));
  // QueueEvents reads from "$": once a custom event reaches it, it reads everything published after
  await waitFor(() => 'QueueEvents to receive a custom event', async () => {
    await producer.publishEvent({ eventName: 'hello', greeting: 'hi' });
    await sleep(100);
    return custom.length > 0;
  });

  const added = [];
  const add = async (name, data, opts) => {
    const job = await queue.add(name, data, opts);
    added.push(job);
    return job;
  };
  for (const n of [1, 2, 3]) {
    await add(`plain-${n}`, { n });
  }
  await add('delayed', { n: 50 }, { delay: 400 });
  await add('prio-low', { n: 300 }, { priority: 10 });
  await add('prio-high', { n: 100 }, { priority: 1 });
  await add('prio-mid', { n: 200 }, { priority: 5 });
  await add('flaky', {}, { attempts: 3, backoff: { type: 'fixed', delay: 200 } });
  await add('doomed', {}, { attempts: 2, backoff: { type: 'fixed', delay: 100 } });
  const flow = new FlowProducer({ connection });
  flow.on('error', onError('flow'));
  const tree = await flow.add({
    name: 'parent', queueName: QUEUE, data: {},
    children: [
      { name: 'child-a', queueName: QUEUE, data: { n: 10 } },
      { name: 'child-b', queueName: QUEUE, data: { n: 20 } }
    ]
  });
  added.push(tree.job, ...tree.children.map(child => child.job));

  const result = {};
  result.statesBeforeWorker = byName(await Promise.all(added.map(async job => [job.name, await job.getState()])));
  result.countsBeforeWorker = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized',
    'waiting-children', 'completed', 'failed');
  result.prioritizedOrder = (await queue.getPrioritized()).map(job => job.name);

  const scheduled = await queue.upsertJobScheduler('ticker', { every: 300, limit: 2 }, { name: 'tick', data: {} });
  result.schedulerFirstJob = scheduled.name;

  const running = { now: 0, most: 0, plain: new Set(), plainTogether: [] };
  const workerFailures = [];
  const worker = new Worker(QUEUE, processor(running), { connection, concurrency: CONCURRENCY });
  worker.on('error', onError('worker'));
  worker.on('failed', (job, error) => workerFailures.push([job.name, job.attemptsMade, error.message]));

  const finals = () => seen.filter(([event]) => event === 'completed' || event === 'failed').length;
  // every job added and the scheduler's two end: 13 completed, doomed failed
  const jobsThatEnd = added.length + 2;
  await waitFor(() => `${jobsThatEnd} jobs completed or failed (events so far: ${JSON.stringify(seen)})`,
    async () => finals() >= jobsThatEnd);

  result.countsAfter = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children',
    'completed', 'failed');
  result.completed = byName((await queue.getCompleted(0, -1)).map(job => [job.name, job.returnvalue,
    job.attemptsMade]));
  result.failed = byName((await queue.getFailed(0, -1)).map(job => [job.name, job.failedReason, job.attemptsMade,
    job.stacktrace.length]));
  result.workerFailures = byName(workerFailures);
  result.plainJobsRanTogether = running.plainTogether;
  result.concurrencyWithinLimit = running.most <= CONCURRENCY;
  result.schedulers = (await queue.getJobSchedulers()).map(scheduler => [scheduler.key, scheduler.every,
    scheduler.limit ?? null]);

  const names = new Map();
  for (const [, jobId] of seen) {
    if (!names.has(jobId)) {
      names.set(jobId, (await Job.fromId(queue, jobId))?.name ?? `missing job ${jobId}`);
    }
  }
  result.events = {};
  for (const event of EVENTS) {
    result.events[event] = seen.filter(([name]) => name === event)
      .map(([, jobId, reason]) => reason === null ? names.get(jobId) : [names.get(jobId), reason]);
    byName(result.events[event]);
  }
  result.customEvents = custom.slice(0, 1);
  result.errors = errors;

  await worker.close();
  await queueEvents.close();
  await producer.close();
  await flow.close();
  await queue.obliterate({ force: true });
  await queue.close();
  const plain = await plainClient(connection);
  result.keysLeft = (await plain.keys(`bull:${QUEUE}:*`)).sort();
  await plain.quit();
  return result;
}

/**
 * A second queue whose jobs a Worker without a processor takes one by one (getNextJob), so the order it gets them in
 * is BullMQ's: LIFO, priorities changed, a delayed job promoted, a job retried after failing, a job moved back to
 * delayed by its worker. Along the way: updateData, progress, logs, deduplication, pause/resume, rate limit TTL,
 * getWorkers (CLIENT LIST), metrics, clean, and the events stream trimmed approximately (XTRIM MAXLEN ~).
 */
async function takeJobsOneByOne(connection) {
  const result = {};
  const queue = new Queue(MANUAL, { connection });
  queue.on('error', error => fail(`manual queue: ${error.message}`));
  await queue.waitUntilReady();
  await queue.obliterate({ force: true });

  const jobs = {};
  const add = async (name, data, opts) => {
    jobs[name] = await queue.add(name, data, opts);
    return jobs[name];
  };
  await add('a', { v: 1 });
  await add('b', { v: 2 });
  await add('c', { v: 3 }, { lifo: true });
  await add('p5', { v: 5 }, { priority: 5 });
  await add('p1', { v: 1 }, { priority: 1 });
  await add('p7', { v: 7 }, { priority: 7 });
  await jobs.p7.changePriority({ priority: 0 });
  await add('d', { v: 4 }, { delay: 600_000 });
  await jobs.d.promote();
  await add('e', { v: 5 }, { delay: 600_000 });
  await jobs.e.changeDelay(1_200_000);
  result.delayedChanged = [await jobs.e.isDelayed(), (await Job.fromId(queue, jobs.e.id)).delay];
  await jobs.e.remove();
  result.removedIsGone = (await Job.fromId(queue, jobs.e.id)) === undefined;
  await jobs.a.updateData({ v: 10 });
  await add('step', { v: 6 });
  const first = await queue.add('dup', { v: 1 }, { deduplication: { id: 'dedup-key' } });
  const second = await queue.add('dup', { v: 2 }, { deduplication: { id: 'dedup-key' } });
  result.deduplicated = [first.id === second.id, (await queue.getDeduplicationJobId('dedup-key')) === first.id];

  await queue.pause();
  await add('while-paused', { v: 8 });
  result.whilePaused = [await queue.isPaused(), await jobs['while-paused'].getState(),
    await queue.getJobCounts('waiting', 'paused', 'prioritized', 'delayed')];
  await queue.resume();
  result.resumed = [await queue.isPaused(), await queue.getJobCounts('waiting', 'paused', 'prioritized')];
  result.countsPerPriority = await queue.getCountsPerPriority([0, 1, 5, 7]);
  result.waitingOrder = (await queue.getWaiting()).map(job => job.name);
  result.ranges = (await queue.getRanges(['prioritized', 'wait'], 0, -1, true)).length;

  const worker = new Worker(MANUAL, null, {
    connection, autorun: false, name: 'manual', metrics: { maxDataPoints: 5 }
  });
  worker.on('error', error => fail(`manual worker: ${error.message}`));
  await worker.waitUntilReady();
  const workers = await queue.getWorkers();
  result.workers = workers.map(client => client.rawname.replace(/^bull:[^:]*/, 'bull:<queue>')).sort();
  result.clientListFields = workers.length === 0 ? [] : Object.keys(workers[0]).sort();

  const token = 'manual-token';
  const taken = [];
  let retried = false;
  let stepped = false;
  for (let i = 0; i < 20; i++) {
    const job = await worker.getNextJob(token, { block: false });
    if (!job) {
      break;
    }
    taken.push(job.name);
    await job.updateProgress({ step: taken.length });
    await job.log(`took ${job.name} as number ${taken.length}`);
    if (job.name === 'b' && !retried) {
      await job.moveToFailed(new Error('b fails once'), token, false);
      result.failedThenState = await job.getState();
      await job.retry('failed');
      retried = true;
    } else if (job.name === 'step' && !stepped) {
      await job.moveToDelayed(Date.now() + 600_000, token);
      result.steppedState = await job.getState();
      await job.promote();
      stepped = true;
    } else {
      await job.moveToCompleted({ name: job.name, v: job.data.v }, token, false);
    }
  }
  result.taken = taken;
  result.returnValues = byName((await queue.getCompleted(0, -1)).map(job => [job.name, job.returnvalue]));
  result.progress = (await Job.fromId(queue, jobs.a.id)).progress;
  result.logs = await queue.getJobLogs(jobs.b.id, 0, -1, true);
  result.metrics = (await queue.getMetrics('completed')).meta.count;
  result.failedMetrics = (await queue.getMetrics('failed')).meta.count;

  await queue.rateLimit(60_000);
  const ttl = await queue.getRateLimitTtl();
  result.rateLimited = [ttl > 0 && ttl <= 60_000, await queue.removeRateLimitKey()];
  result.cleaned = (await queue.clean(0, 100, 'completed')).length;
  result.countsAfterClean = await queue.getJobCounts('completed', 'failed', 'waiting');

  const producer = new QueueEventsProducer(MANUAL, { connection });
  for (let i = 0; i < 300; i++) {
    await producer.publishEvent({ eventName: 'filler', i: String(i) }, 100_000);
  }
  await producer.close();
  const plain = await plainClient(connection);
  const events = `bull:${MANUAL}:events`;
  const before = await plain.xlen(events);
  await queue.trimEvents(10);
  const after = await plain.xlen(events);
  // MAXLEN ~ removes whole nodes only: some are left, fewer than before, never fewer than asked for
  result.trimmedApproximately = [before > 300, after >= 10, after < before];
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  result.keysLeft = (await plain.keys(`bull:${MANUAL}:*`)).sort();
  await plain.quit();
  return result;
}

/**
 * BullMQ's Relay (experimental in 6.x): two nodes route messages on dot-separated topics through Lua scripts and one
 * stream inbox per node, read with XREAD BLOCK; a retained message reaches a later subscriber.
 */
async function relayMessages(connection) {
  const result = {};
  const plain = await plainClient(connection);
  const keys = `bull::relay:{${RELAY}}*`;
  const leftovers = await plain.keys(keys);
  if (leftovers.length > 0) {
    await plain.del(...leftovers);
  }
  const errors = [];
  const node = name => {
    const relay = new Relay({ connection, namespace: RELAY, nodeId: name, name, blockTimeout: 1_000 });
    relay.on('error', error => errors.push(`${name}: ${error.message}`));
    return relay;
  };
  const alpha = node('alpha');
  const beta = node('beta');
  await alpha.waitUntilReady();
  await beta.waitUntilReady();
  const received = [];
  const listener = who => message => received.push([who, message.topic, message.data, message.retained]);
  await alpha.subscribe('orders.*.created', listener('alpha'));
  await beta.subscribe('orders.>', listener('beta'));
  await beta.subscribe('orders.eu.created', listener('beta exact'));
  result.patterns = (await alpha.getPatterns()).map(pattern => [pattern.pattern, pattern.subscriptions]);
  result.nodes = (await alpha.getNodes()).map(state => [state.id, state.info.name]).sort();

  const published = [];
  const publish = async (topic, data, opts) => {
    const { nodes, endpoints } = await alpha.publish(topic, data, opts);
    published.push([topic, nodes, endpoints]);
  };
  await publish('orders.eu.created', { id: 1 });
  await publish('orders.us.created', { id: 2 });
  await publish('orders.us.shipped.late', { id: 3 });
  await publish('invoices.eu.created', { id: 4 });
  await publish('status.alpha', { up: true }, { retain: 60_000 });
  result.published = published;
  await waitFor(() => `relay messages (got ${JSON.stringify(received)})`, async () => received.length >= 5);
  await beta.subscribe('status.alpha', listener('beta retained'));
  await waitFor(() => `the retained message (got ${JSON.stringify(received)})`, async () => received.length >= 6);
  await sleep(100);
  result.received = byName(received);
  result.retained = (await beta.getRetained()).map(retained => retained.topic);
  result.counts = await beta.getCounts();
  result.namespaces = (await beta.getNamespaces()).filter(namespace => namespace === RELAY);
  result.deletedRetained = [await alpha.deleteRetained('status.alpha'), await alpha.deleteRetained('status.alpha')];
  await beta.close();
  result.countsAfterBetaClosed = await alpha.getCounts();
  await alpha.close();
  result.errors = errors;
  result.keysLeft = (await plain.keys(keys)).sort();
  await plain.quit();
  return result;
}

async function runAll(port) {
  const connection = { host: '127.0.0.1', port, connectTimeout: WAIT_MS, maxRetriesPerRequest: null };
  const processed = await processJobs(connection);
  const manual = await takeJobsOneByOne(connection);
  return { processed, manual, relay: await relayMessages(connection) };
}

const port = Number.parseInt(process.argv[2], 10);
const driver = process.argv[3] ?? 'ioredis';
if (!Number.isInteger(port) || port <= 0 || port > 65535 || !['ioredis', 'node-redis'].includes(driver)) {
  fail(`usage: node bullmq-queue.mjs <port> [ioredis|node-redis] (got ${JSON.stringify(process.argv.slice(2))})`);
}
if (driver === 'node-redis') {
  // BullMQ then makes each of its connections a node-redis client (its adapter runs the scripts with EVALSHA)
  RedisConnection.clientFactory = opts => createNodeRedisClient(createClient({
    socket: { host: opts.host, port: opts.port, connectTimeout: WAIT_MS, reconnectStrategy: false }
  }));
}
report(() => runAll(port), DEADLINE_MS);
