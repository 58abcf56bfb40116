/**
 * A call that reaches the web mode's server as it stops is answered, never dropped: a request sent on a kept-alive
 * connection at the moment the server starts closing gets 503 and "Connection: close", not a closed socket.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { createWebServer } from '../../src/main/http.js';
import { createEventHub } from '../../src/main/http/events.js';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import { createTestApp } from './fixtures/services.js';

const TOKEN = 'test-token-0123456789';
const app = createTestApp(inProcessRunner());
afterAll(() => app.close());

const listCall = (port: number) =>
  `POST /api/instances:list HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-jampr-token: ${TOKEN}\r\n` +
  'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';

/** Everything the server sends until it closes the connection, or the error the connection ended with. */
function untilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (err) => resolve(`${received}[${(err as NodeJS.ErrnoException).code}]`));
    socket.on('close', () => resolve(received));
  });
}

it('answers a call sent on a kept-alive connection as the server stops with 503 and Connection: close', async () => {
  const web = createWebServer({ services: app.services, hub: createEventHub(), token: TOKEN, rendererDir: null });
  const port = Number(new URL(await web.listen(0)).port);
  const socket = connect(port, '127.0.0.1');
  const received = untilClosed(socket);
  // A first call leaves the connection open and idle, as a browser's kept-alive one is between calls.
  await new Promise<void>((resolve) => {
    socket.once('data', () => resolve());
    socket.write(listCall(port));
  });
  // The next call is on its way (in the server's socket buffer) at the moment the server starts to close.
  socket.write(listCall(port));
  const closed = web.close();
  const replies = (await received).split('HTTP/1.1 ').slice(1);
  await closed;
  expect(replies).toHaveLength(2);
  expect(replies[0]).toMatch(/^200 /);
  expect(replies[1]).toMatch(/^503 /);
  expect(replies[1]).toMatch(/\r\nConnection: close\r\n/i);
  expect(replies[1]).toMatch(/server is stopping/);
});
