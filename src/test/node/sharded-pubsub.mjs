// Sharded pub/sub through node-redis against a server on 127.0.0.1:<port>: a subscriber client sSubscribes to two
// shard channels, a publisher sPublishes to them, the subscriber sUnsubscribes one, and PUBSUB SHARDCHANNELS and
// SHARDNUMSUB show each step. Also PUBLISHes once to a shard channel's name, which must not reach the shard
// subscriber (its receiver count is reported: a script subscribed to that name counts on Redactor).
//
// usage: node sharded-pubsub.mjs <port>
// On success prints one line "RESULT <json>" and exits 0; otherwise prints "FAILED: <why>" on stderr and exits 1
// (2 if the whole run takes longer than DEADLINE_MS, whatever the server does).
import { createClient } from 'redis';
import { fail, report } from './script-result.mjs';

const DEADLINE_MS = 18_000;
const WAIT_MS = 5_000;
const GRACE_MS = 200;
const ORDERS = 'noderedis:orders';
const ALERTS = 'noderedis:alerts';

function expect(what, actual, expected) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

async function waitFor(what, condition) {
  const until = Date.now() + WAIT_MS;
  while (!condition()) {
    if (Date.now() > until) {
      throw new Error(`timed out after ${WAIT_MS} ms waiting for ${what}`);
    }
    await new Promise(resolve => setTimeout(resolve, 10));
  }
}

function connect(port, name) {
  const client = createClient({
    socket: { host: '127.0.0.1', port, connectTimeout: WAIT_MS, reconnectStrategy: false },
    commandOptions: { timeout: WAIT_MS }
  });
  client.on('error', error => fail(`${name} connection: ${error.message}`));
  return client;
}

async function run(port) {
  const publisher = connect(port, 'publisher');
  const subscriber = connect(port, 'subscriber');
  await publisher.connect();
  await subscriber.connect();

  const received = [];
  const listener = (message, channel) => received.push([channel, message]);
  await subscriber.sSubscribe([ORDERS, ALERTS], listener);

  const shardChannels = async () => (await publisher.sendCommand(['PUBSUB', 'SHARDCHANNELS', 'noderedis:*'])).sort();
  const shardNumSub = () => publisher.sendCommand(['PUBSUB', 'SHARDNUMSUB', ORDERS, ALERTS]);
  const result = { subscribed: {}, unsubscribed: {} };
  result.subscribed.shardChannels = await shardChannels();
  result.subscribed.shardNumSub = await shardNumSub();

  result.spublish = [];
  const spublish = async (channel, message) => result.spublish.push(await publisher.sPublish(channel, message));
  await spublish(ORDERS, 'order 1');
  // PUBLISH to a shard channel's name is another namespace: the shard subscriber must not get it
  result.publishToShardChannelName = await publisher.publish(ORDERS, 'plain publish');
  await spublish(ALERTS, 'alert 1');
  await spublish(ORDERS, 'order 2');
  await waitFor('the first three messages', () => received.length >= 3);

  await subscriber.sUnsubscribe(ORDERS);
  result.unsubscribed.shardChannels = await shardChannels();
  result.unsubscribed.shardNumSub = await shardNumSub();
  await spublish(ORDERS, 'order 3, after sUnsubscribe');
  await spublish(ALERTS, 'alert 2');
  await waitFor('alert 2', () => received.some(([, message]) => message === 'alert 2'));
  // anything else still on its way (there should be nothing) gets a moment to arrive and be counted
  await new Promise(resolve => setTimeout(resolve, GRACE_MS));
  result.received = received;

  await subscriber.sUnsubscribe();
  result.afterAll = { shardChannels: await shardChannels() };
  await subscriber.close();
  await publisher.close();
  return result;
}

const port = Number.parseInt(process.argv[2], 10);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  fail(`usage: node sharded-pubsub.mjs <port> (got ${JSON.stringify(process.argv.slice(2))})`);
}
report(() => run(port), DEADLINE_MS);
