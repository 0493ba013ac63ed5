/**
 * Short turns, writes first (src/server/node/write-first.ts): requests are handled for a slice of
 * each phase of the event loop's turn; past it they wait for the next turns, writes before reads.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { writeFirst } from '#server/node/write-first';

const SLICE = 10;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup() {
  let clock = 0;
  const admit = writeFirst({ sliceMs: SLICE, now: () => clock });
  const handled: string[] = [];
  const connection = () => ({ destroyed: false });
  /** Sends a request that takes `cost` ms of the server's time once handled. */
  const send = (name: string, method = 'GET', socket = connection(), cost = 4) => {
    admit({ method, socket } as unknown as IncomingMessage, () => {
      handled.push(name);
      clock += cost;
    });
    return socket;
  };
  return { send, handled, connection, admit };
}

describe('short turns, writes first', () => {
  it('handles requests at once while the slice has time left, and one past it before the turn ends', async () => {
    const { send, handled } = setup();
    send('read 1');
    send('vote', 'PUT');
    send('read 2');
    expect(handled).toEqual(['read 1', 'vote', 'read 2']);
    send('read 3');
    expect(handled).toEqual(['read 1', 'vote', 'read 2']);
    await nextTurn();
    expect(handled).toEqual(['read 1', 'vote', 'read 2', 'read 3']);
    send('read 4');
    send('submission', 'POST');
    expect(handled).toEqual(['read 1', 'vote', 'read 2', 'read 3', 'read 4', 'submission']);
  });

  it('lets requests past the slice wait, and handles the waiting writes before the waiting reads', async () => {
    const { send, handled } = setup();
    for (let i = 1; i <= 5; i++) send(`read ${i}`);
    send('vote 1', 'PUT');
    send('submission', 'POST');
    send('read 6');
    send('vote 2', 'PUT');
    expect(handled).toEqual(['read 1', 'read 2', 'read 3']);
    await nextTurn();
    expect(handled.slice(3)).toEqual(['vote 1', 'submission', 'vote 2']);
    await nextTurn();
    expect(handled.slice(6)).toEqual(['read 4', 'read 5', 'read 6']);
    send('read 7');
    expect(handled.slice(9)).toEqual(['read 7']);
  });

  it('lets a new read wait while writes from an earlier turn still wait', async () => {
    const { send, handled } = setup();
    for (let i = 1; i <= 3; i++) send(`read ${i}`);
    for (let i = 1; i <= 4; i++) send(`vote ${i}`, 'PUT');
    await nextTurn();
    expect(handled.slice(3)).toEqual(['vote 1', 'vote 2', 'vote 3']);
    send('read 4');
    send('vote 5', 'PUT');
    expect(handled.slice(6)).toEqual([]);
    await nextTurn();
    expect(handled.slice(6)).toEqual(['vote 4', 'vote 5', 'read 4']);
  });

  it('keeps a connection’s write behind its own waiting read, and skips requests whose connection closed', async () => {
    const { send, handled } = setup();
    for (let i = 1; i <= 3; i++) send(`read ${i}`);
    const closed = send('read of a closed connection');
    const pipelined = send('read 4');
    send('write after read 4', 'POST', pipelined);
    send('other write', 'POST');
    closed.destroyed = true;
    expect(handled).toEqual(['read 1', 'read 2', 'read 3']);
    await nextTurn();
    expect(handled.slice(3)).toEqual(['other write', 'read 4', 'write after read 4']);
    await nextTurn();
    send('write on the same connection', 'POST', pipelined);
    expect(handled.slice(6)).toEqual(['write on the same connection']);
  });

  it('says a connection is idle only while none of its requests waits, read or write', async () => {
    const { send, connection, admit } = setup();
    const quiet = connection();
    for (let i = 1; i <= 3; i++) send(`read ${i}`);
    const reader = send('waiting read');
    const writer = send('waiting write', 'POST');
    const idle = (socket: object) => admit.idle(socket as never);
    expect([idle(quiet), idle(reader), idle(writer)]).toEqual([true, false, false]);
    await nextTurn();
    expect([idle(quiet), idle(reader), idle(writer)]).toEqual([true, true, true]);
  });
});
