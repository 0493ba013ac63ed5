import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addToCalendarProps, googleCalendarUrl, jamsCalendar } from '#server/publish/calendar';
import { SITE, jamRow, t } from './share-fixtures';

const context = { site: SITE, locale: 'en' as const, t };

function events(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) };
}

describe('the iCalendar of jams', () => {
  it('has one VEVENT per jam with its name, page, and start and end in UTC', () => {
    const first = jamRow({ slug: 'space-sprint-jam', name: 'Space Sprint Jam' });
    const second = jamRow({ startsAt: new Date('2025-04-01T00:00:00Z'), endsAt: new Date('2025-04-02T12:30:00Z') });
    const ics = jamsCalendar([first, second], context);
    const parsed = events(ics);
    expect(parsed.calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(parsed.calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(parsed.calendar.getFirstPropertyValue('x-wr-calname')).toBe('Itinerary game jams');
    expect(parsed.events).toHaveLength(2);
    const [one, two] = parsed.events;
    expect(one!.summary).toBe('Space Sprint Jam');
    expect(one!.uid).toBe(`jam-${first.id}@itinerary.example`);
    expect(one!.startDate.toJSDate().toISOString()).toBe('2025-03-01T18:00:00.000Z');
    expect(one!.endDate.toJSDate().toISOString()).toBe('2025-03-08T18:00:00.000Z');
    expect(one!.startDate.zone.tzid).toBe('UTC');
    expect(one!.component.getFirstPropertyValue('url')).toBe(`${SITE}/jams/space-sprint-jam`);
    expect(one!.description).toBe(`${first.description}\n\n${SITE}/jams/space-sprint-jam`);
    expect(two!.endDate.toJSDate().toISOString()).toBe('2025-04-02T12:30:00.000Z');
    expect(ics).toContain('DTSTART:20250301T180000Z');
  });

  it('keeps the UID when a jam is renamed, so calendars update the event instead of adding one', () => {
    const jam = jamRow();
    const before = events(jamsCalendar([jam], context)).events[0]!.uid;
    const after = events(jamsCalendar([{ ...jam, slug: 'renamed', name: 'Renamed' }], context)).events[0]!.uid;
    expect(after).toBe(before);
  });

  it('gives the same bytes for the same jams, so caches and subscribers see no false changes', () => {
    const jam = jamRow();
    expect(jamsCalendar([jam], context)).toBe(jamsCalendar([jam], context));
  });

  it('never contains a jam body', () => {
    expect(jamsCalendar([jamRow({ mystery: true }), jamRow()], context)).not.toContain('SECRET BODY');
  });

  it('survives commas, semicolons, new lines and long texts (escaping and line folding)', () => {
    const name = 'Jam; with, commas\\and a very long name that has to be folded over several lines of the calendar file';
    const description = 'Line one\nLine two; with, punctuation — and ünïcödé';
    const [event] = events(jamsCalendar([jamRow({ name, description })], context)).events;
    expect(event!.summary).toBe(name);
    expect(event!.description).toContain(description);
  });

  it('is valid when there are no jams at all', () => {
    expect(events(jamsCalendar([], context)).events).toEqual([]);
  });
});

describe('the Google Calendar link', () => {
  it('opens a new event filled in with the jam name, UTC dates, description and page', () => {
    const jam = jamRow({ slug: 'space-sprint-jam', name: 'Space & Sprint' });
    const url = new URL(googleCalendarUrl(jam, { site: SITE, locale: 'hu' }));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Space & Sprint',
      dates: '20250301T180000Z/20250308T180000Z',
      details: `${jam.description}\n\n${SITE}/hu/jams/space-sprint-jam`,
      location: `${SITE}/hu/jams/space-sprint-jam`,
    });
  });

  it('comes with the .ics address and translated labels for the jam page menu', () => {
    const props = addToCalendarProps(jamRow({ slug: 'space-sprint-jam' }), 'en', t, SITE);
    expect(props).toMatchObject({
      icsUrl: '/jams/space-sprint-jam.ics',
      fileName: 'space-sprint-jam.ics',
      labels: {
        add: 'Add to calendar',
        google: 'Google Calendar',
        download: 'Download .ics file',
        newTab: '(opens in a new tab)',
      },
    });
    expect(props.googleUrl).toMatch(/^https:\/\/calendar\.google\.com\//);
  });
});
