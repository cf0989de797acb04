import { describe, expect, it } from 'vitest';
import {
  boardToPair,
  nextSetupStep,
  type SetupBoard,
  type SetupData,
  screenAddress,
  workflowWithoutPhases,
} from './setup-steps.ts';

const empty: SetupData = {
  sites: [],
  departments: [],
  workflows: [],
  phaseCounts: {},
  locations: [],
  stations: [],
  boards: [],
  devices: [],
};
const site = { id: 1, name: 'Main', default_timezone: 'America/Chicago' };
const department = { id: 2, site_id: 1, name: 'Day Surgery' };
const workflow = { id: 3, department_id: 2, name: 'Surgery' };
const location = { id: 4, name: 'Pre-op 1', kind: 'pre_op' };
const station = { id: 5, location_id: 4, name: 'Bay 1' };
const board: SetupBoard = { id: 6, name: 'Flow', display_board_type_id: 1, workflow_ids: [3] };
const device = { id: 7, name: 'Hall', display_board_id: 6, revoked_at: null };

const full: SetupData = {
  sites: [site],
  departments: [department],
  workflows: [workflow],
  phaseCounts: { 3: 2 },
  locations: [location],
  stations: [station],
  boards: [board],
  devices: [device],
};

describe('nextSetupStep', () => {
  it('starts an empty customer at the site', () => {
    expect(nextSetupStep(empty)).toBe('site');
  });

  it('goes on to the first missing record, in order', () => {
    expect(nextSetupStep({ ...empty, sites: [site] })).toBe('department');
    expect(nextSetupStep({ ...full, workflows: [], phaseCounts: {} })).toBe('workflow');
    expect(nextSetupStep({ ...full, locations: [], stations: [] })).toBe('places');
    expect(nextSetupStep({ ...full, boards: [] })).toBe('board');
    expect(nextSetupStep({ ...full, devices: [] })).toBe('screen');
    expect(nextSetupStep(full)).toBe('done');
  });

  it('keeps a workflow without phases at the workflow step, and finds that workflow', () => {
    const unfinished = { ...full, phaseCounts: { 3: 0 } };
    expect(nextSetupStep(unfinished)).toBe('workflow');
    expect(workflowWithoutPhases(unfinished)).toEqual(workflow);
    expect(workflowWithoutPhases(full)).toBeUndefined();
  });

  it('needs a station as well as a location', () => {
    expect(nextSetupStep({ ...full, stations: [] })).toBe('places');
  });

  it('counts only screens that are not revoked', () => {
    expect(nextSetupStep({ ...full, devices: [{ ...device, revoked_at: '2026-01-01T00:00:00Z' }] })).toBe(
      'screen',
    );
  });

  it('does not go back for records made outside Setup, once everything is there', () => {
    const more = {
      ...full,
      sites: [site, { ...site, id: 9 }],
      workflows: [workflow, { ...workflow, id: 10 }],
    };
    expect(nextSetupStep(more)).toBe('done');
  });
});

describe('the screen step', () => {
  it('pairs the newest board, opened with the device flow', () => {
    expect(boardToPair({ ...full, boards: [board, { ...board, id: 12 }, { ...board, id: 8 }] })?.id).toBe(12);
    expect(boardToPair(empty)).toBeUndefined();
    expect(screenAddress('https://care.example', 12)).toBe('https://care.example/?id=12&auth_flow=1');
  });
});
