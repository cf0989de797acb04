import { describe, expect, it } from 'vitest';
import { BOARD_ROUTE_BUDGET, FIRST_LOAD_BUDGET, measureBudgets } from './report-budgets.ts';

const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/app/App.tsx'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  'src/app/App.tsx': { file: 'assets/App.js', src: 'src/app/App.tsx', imports: ['_vendor.js', '_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/screens/workflow/WorkflowScreen.tsx': {
    file: 'assets/Workflow.js',
    src: 'src/screens/workflow/WorkflowScreen.tsx',
    imports: ['_shared.js', '_table.js'],
  },
  '_table.js': { file: 'assets/table.js' },
  'src/screens/family/FamilyScreen.tsx': {
    file: 'assets/Family.js',
    src: 'src/screens/family/FamilyScreen.tsx',
  },
  'src/screens/patient/PatientScreen.tsx': {
    file: 'assets/Patient.js',
    src: 'src/screens/patient/PatientScreen.tsx',
    dynamicImports: ['../../packages/speech/src/fallback/espeak-synth.ts'],
  },
  '../../packages/speech/src/fallback/espeak-synth.ts': {
    file: 'assets/espeak-synth.js',
    src: '../../packages/speech/src/fallback/espeak-synth.ts',
    imports: ['index.html'],
    assets: ['assets/espeak-ng.wasm'],
  },
  'src/screens/assets-par-level/AssetsParLevelScreen.tsx': {
    file: 'assets/Par.js',
    src: 'src/screens/assets-par-level/AssetsParLevelScreen.tsx',
  },
};

const sizes: Record<string, number> = {
  'assets/index.js': 10_000,
  'assets/vendor.js': 100_000,
  'assets/App.js': 30_000,
  'assets/shared.js': 5_000,
  'assets/Workflow.js': 20_000,
  'assets/table.js': 40_000,
  'assets/Family.js': 1_000,
  'assets/Patient.js': 2_000,
  'assets/Par.js': 3_000,
  'assets/espeak-synth.js': 25_000,
  'assets/espeak-ng.wasm': 9_000_000,
};

describe('budget report', () => {
  const lines = measureBudgets(manifest, (file) => sizes[file] ?? 0);
  const line = (name: string) => lines.find((l) => l.name === name);

  it('counts the entry, the app shell and their static imports as the first load', () => {
    expect(line('first load')).toEqual({ name: 'first load', bytes: 145_000, budget: FIRST_LOAD_BUDGET });
    expect(line('entry')?.bytes).toBe(110_000);
  });

  it('counts a board route’s own chunks, not what the first load or the app shell hold', () => {
    expect(line('app shell')?.bytes).toBe(35_000);
    expect(line('route workflow')).toEqual({
      name: 'route workflow',
      bytes: 60_000,
      budget: BOARD_ROUTE_BUDGET,
    });
    expect(line('route family')?.bytes).toBe(1_000);
  });

  it('prints the offline voice apart, and none of it in the first load or the patient route', () => {
    expect(line('synthesizer js (lazy)')?.bytes).toBe(25_000);
    expect(line('synthesizer wasm (lazy)')?.bytes).toBe(9_000_000);
    expect(line('synthesizer eagerly')).toEqual({ name: 'synthesizer eagerly', bytes: 0, budget: 0 });
  });

  it('counts the offline voice against a budget of 0 when the patient route imports it statically', () => {
    const eager = {
      ...manifest,
      'src/screens/patient/PatientScreen.tsx': {
        file: 'assets/Patient.js',
        src: 'src/screens/patient/PatientScreen.tsx',
        imports: ['../../packages/speech/src/fallback/espeak-synth.ts'],
      },
    };
    const eagerLines = measureBudgets(eager, (file) => sizes[file] ?? 0);
    expect(eagerLines.find((l) => l.name === 'synthesizer eagerly')?.bytes).toBe(25_000);
  });

  it('adds up what a board needs before it shows', () => {
    expect(line('board on screen (max)')?.bytes).toBe(110_000 + 35_000 + 60_000);
  });
});
