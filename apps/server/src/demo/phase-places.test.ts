import { locationKinds, phaseKinds } from '@careboard/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_LOCATIONS, DEMO_STATIONS, DEMO_WORKFLOWS } from './demo-data.ts';
import { CALLED_TO_BY_PHASE_KIND, PLACED_AT_BY_PHASE_KIND, placeForPhaseKind } from './phase-places.ts';

describe('placeForPhaseKind', () => {
  it('calls patients to a station in called phases and places them elsewhere', () => {
    expect(placeForPhaseKind('arrival')).toEqual({ kind: 'station', locationKind: 'registration' });
    expect(placeForPhaseKind('recovery')).toEqual({ kind: 'location', locationKind: 'recovery' });
    expect(placeForPhaseKind('unheard-of')).toBeUndefined();
  });

  it('names only known kinds, and the demo has a station or location for every place it names', () => {
    const maps = { ...CALLED_TO_BY_PHASE_KIND, ...PLACED_AT_BY_PHASE_KIND };
    for (const [phaseKind, locationKind] of Object.entries(maps)) {
      expect(phaseKinds).toContain(phaseKind);
      expect(locationKinds).toContain(locationKind);
    }
    for (const workflow of DEMO_WORKFLOWS) {
      for (const phase of workflow.phases) {
        expect(phaseKinds).toContain(phase.kind);
        const place = placeForPhaseKind(phase.kind);
        if (!place) continue;
        const locations = DEMO_LOCATIONS.filter((location) => location.kind === place.locationKind);
        expect(locations.length, phase.name).toBeGreaterThan(0);
        if (place.kind === 'station') {
          const names = new Set(locations.map((location) => location.name));
          expect(
            DEMO_STATIONS.some(([, location]) => names.has(location)),
            phase.name,
          ).toBe(true);
        }
      }
    }
    for (const location of DEMO_LOCATIONS) expect(locationKinds).toContain(location.kind);
  });
});
