import { renderAnnouncement } from '@careboard/contracts';
import { describe, expect, it } from 'vitest';
import { insertPlaceholder, type SampleValues } from './template.ts';

const sample: SampleValues = {
  workflow_name: 'Day Surgery',
  phase_name: 'Recovery',
  supplementary_announcement: '',
  station_name: 'Room 4',
  tag_label: 'T-17',
  badge_label: 'B-23',
  patient_first_name: 'Maria',
  organization_alias: 'City Hospital',
};
const context = { now: new Date('2026-11-24T14:05:00Z'), locale: 'en-US', timeZone: 'America/New_York' };

describe('insertPlaceholder', () => {
  it('puts the placeholder at the caret and the caret just after it', () => {
    expect(insertPlaceholder('Now calling ', 'patient_first_name', 12, 12)).toEqual({
      text: 'Now calling {patient_first_name}',
      caret: 32,
    });
  });

  it('replaces the selected text', () => {
    const template = 'Please go to Room 4.';
    expect(insertPlaceholder(template, 'station_name', 13, 19).text).toBe('Please go to {station_name}.');
  });

  it('adds a space where the placeholder would run into a word', () => {
    expect(insertPlaceholder('Helloworld', 'time', 5, 5)).toEqual({ text: 'Hello {time} world', caret: 12 });
    expect(insertPlaceholder('{date}', 'time', 6, 6).text).toBe('{date} {time}');
  });

  it('appends at the end when the field never had a caret, and clamps a caret past the end', () => {
    expect(insertPlaceholder('Go to ', 'station_name', null, null).text).toBe('Go to {station_name}');
    expect(insertPlaceholder('ab', 'date', 99, 120).text).toBe('ab {date}');
  });
});

describe("the Test announcement's words (contracts' renderAnnouncement with the console's samples)", () => {
  it('fills every known placeholder the way the board does', () => {
    expect(
      renderAnnouncement('{patient_first_name}, please proceed to {station_name}.', sample, context),
    ).toBe('Maria, please proceed to Room 4.');
    expect(
      renderAnnouncement(
        '{organization_alias}: {badge_label} ({tag_label}) to {phase_name}',
        sample,
        context,
      ),
    ).toBe('City Hospital: B-23 (T-17) to Recovery');
  });

  it('says the date and time in the locale and the site’s time zone', () => {
    expect(renderAnnouncement('{date} at {time}', sample, context)).toBe('November 24, 2026 at 9:05 AM');
  });

  it('tidies the spacing an empty value leaves, and keeps an unknown placeholder as written', () => {
    expect(renderAnnouncement('{patient_first_name} , {supplementary_announcement}.', sample, context)).toBe(
      'Maria.',
    );
    expect(renderAnnouncement('Hello {nmae}', sample, context)).toBe('Hello {nmae}');
  });
});
