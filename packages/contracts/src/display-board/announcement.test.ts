import { describe, expect, it } from 'vitest';
import { renderAnnouncement } from './announcement.ts';

const context = {
  now: new Date('2025-01-15T19:05:00Z'), // 14:05 in New York
  locale: 'en-US',
  timeZone: 'America/New_York',
};

describe('renderAnnouncement', () => {
  it('fills the placeholders of the template', () => {
    const text = renderAnnouncement(
      '{patient_first_name}, please proceed to {station_name}.',
      { patient_first_name: 'Anna', station_name: 'Registration 2' },
      context,
    );
    expect(text).toBe('Anna, please proceed to Registration 2.');
  });

  it('knows every placeholder of the specification', () => {
    const text = renderAnnouncement(
      '{workflow_name}|{phase_name}|{supplementary_announcement}|{station_name}|{tag_label}|{badge_label}|{patient_first_name}|{organization_alias}',
      {
        workflow_name: 'Clinic',
        phase_name: 'Triage',
        supplementary_announcement: 'Bring your forms',
        station_name: 'Exam 3',
        tag_label: 'T-17',
        badge_label: 'B-204',
        patient_first_name: 'Omar',
        organization_alias: 'Riverside',
      },
      context,
    );
    expect(text).toBe('Clinic|Triage|Bring your forms|Exam 3|T-17|B-204|Omar|Riverside');
  });

  it('writes date and time in the site time zone and the customer locale, with plain spaces', () => {
    expect(renderAnnouncement('It is {time} on {date}.', {}, context)).toBe(
      'It is 2:05 PM on January 15, 2025.',
    );
    expect(renderAnnouncement('{date} {time}', {}, { ...context, locale: 'de-DE' })).toBe(
      '15. Januar 2025 14:05',
    );
    expect(renderAnnouncement('{time}', {}, { ...context, timeZone: 'Europe/Berlin', locale: 'de-DE' })).toBe(
      '20:05',
    );
  });

  it('leaves an unknown placeholder as written', () => {
    expect(
      renderAnnouncement('Hello {nickname}, go to {station_name}.', { station_name: 'Lab' }, context),
    ).toBe('Hello {nickname}, go to Lab.');
  });

  it('drops a missing value and tidies the spacing around it', () => {
    expect(
      renderAnnouncement(
        '{patient_first_name}, please proceed to {station_name}. {supplementary_announcement}',
        { patient_first_name: 'Anna', station_name: 'Exam 1', supplementary_announcement: null },
        context,
      ),
    ).toBe('Anna, please proceed to Exam 1.');
    expect(renderAnnouncement('{badge_label}, please come in.', {}, context)).toBe('please come in.');
    expect(renderAnnouncement('Go to {station_name}, {phase_name}.', { station_name: 'Lab' }, context)).toBe(
      'Go to Lab.',
    );
  });

  it('falls back to en-US for a malformed locale', () => {
    expect(renderAnnouncement('{time}', {}, { ...context, locale: 'not a locale!' })).toBe('2:05 PM');
  });
});
