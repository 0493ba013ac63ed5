/**
 * The check the API and security suites run on every answer (tests/helpers/openapi-conformance.ts)
 * catches answers the document does not describe: a made-up body, a status or a media type it does
 * not list, and the mismatches found before it ran.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '#server/openapi/document';
import {
  type Contract,
  type Exchange,
  appStarted,
  checkReceivedAnswers,
  contractOf,
  keepAnswersOfStartedApps,
} from '../helpers/openapi-conformance';
import { exampleJsonFeed } from '#server/openapi/examples';

const SITE = 'https://itinerary.example';
let contract: Contract;

beforeAll(async () => {
  contract = await contractOf(openApiDocument(SITE));
});

const json = (value: unknown) => JSON.stringify(value);
const exchange = (partial: Partial<Exchange> & Pick<Exchange, 'url'>): Exchange => ({
  method: 'GET',
  status: 200,
  contentType: 'application/json',
  body: '',
  ...partial,
  url: SITE + partial.url,
});
const notFound = json({ error: { status: 404, code: 'not_found', message: 'There is no game jam at this address.' } });

describe('checking answers against /api/openapi.json', () => {
  it('passes answers the document describes', () => {
    expect(contract.problems(exchange({ url: '/api/health', body: json({ ok: true, database: 'reachable' }) }))).toEqual([]);
    expect(contract.problems(exchange({ url: '/api/jams/nope', status: 404, body: notFound }))).toEqual([]);
    const feed = exchange({
      url: '/feed.json',
      contentType: 'application/feed+json; charset=utf-8',
      body: json(exampleJsonFeed),
    });
    expect(contract.problems(feed)).toEqual([]);
  });

  it('catches a made-up body for a real operation', () => {
    const problems = contract.problems(exchange({ url: '/api/health', body: json({ ok: 'yes', uptime: 3 }) }));
    expect(problems[0]).toMatch(/GET \/api\/health answered 200; the body does not fit its schema/);
    expect(problems.join('\n')).toContain('/ok');
  });

  it('catches a status the operation does not list', () => {
    const problems = contract.problems(exchange({ url: '/api/health', status: 418, body: json({}) }));
    expect(problems).toEqual([expect.stringMatching(/answered 418, a status the document does not list for getApiHealth/)]);
  });

  it('catches a media type the status does not list, like an HTML 404 for an unknown jam’s calendar', () => {
    const problems = contract.problems(
      exchange({ url: '/jams/nope.ics', status: 404, contentType: 'text/html; charset=utf-8', body: '<!doctype html>' }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/answered 404 as text\/html, where the document promises application\/json/),
    ]);
    expect(contract.problems(exchange({ url: '/jams/nope.ics', status: 404, body: notFound }))).toEqual([]);
  });

  it('checks JSON media types besides application/json against their schema', () => {
    const feed = exchange({ url: '/feed.json', contentType: 'application/feed+json', body: json({ version: 'x', items: [] }) });
    expect(contract.problems(feed)[0]).toMatch(/the application\/feed\+json body does not fit its schema/);
  });

  it('leaves alone what the document does not describe: pages and assets', () => {
    expect(contract.problems(exchange({ url: '/explore', contentType: 'text/html', body: '<!doctype html>' }))).toEqual([]);
  });
});

describe('the fetch hook of the API and security suites', () => {
  it('keeps the answers of a started app and reports the ones that do not match after the test', async () => {
    const server = createServer((request, response) => {
      const send = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.url === '/api/openapi.json') return send(200, openApiDocument(url));
      if (request.url === '/api/health') return send(200, { ok: 'yes' });
      return send(418, {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      keepAnswersOfStartedApps();
      appStarted(url);
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      expect((await fetch(`${url}/api/openapi.json`)).status).toBe(200);
      expect((await fetch(`${url}/not-in-the-document`)).status).toBe(418);
      const problems = await checkReceivedAnswers();
      expect(problems[0]).toBe('GET /api/health answered 200; the body does not fit its schema:');
      expect(problems.slice(1).join('\n')).toContain('/ok');
      expect(await checkReceivedAnswers()).toEqual([]);
    } finally {
      server.close();
    }
  });
});
