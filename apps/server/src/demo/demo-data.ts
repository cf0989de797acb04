/** The demo care setting (docs/product.md, The demo). Every name here is fictional. */
import type { LocationKind, PhaseKind } from '@careboard/contracts';

export const DEMO_SITE = Object.freeze({
  name: 'Riverside Medical Center',
  default_timezone: 'America/New_York',
});

export const DEMO_DEPARTMENTS = Object.freeze(['Surgical Services', 'Outpatient Clinic'] as const);

interface DemoPhase {
  readonly name: string;
  readonly color: string;
  readonly minutes: number;
  readonly kind: PhaseKind;
  readonly supplementary_announcement?: string;
}

export const DEMO_WORKFLOWS: readonly { name: string; department: number; phases: readonly DemoPhase[] }[] = [
  {
    name: 'Day Surgery',
    department: 0,
    phases: [
      { name: 'Check-in', color: '#2F80ED', minutes: 10, kind: 'arrival' },
      { name: 'Pre-op', color: '#F2C94C', minutes: 30, kind: 'preparation' },
      { name: 'In Surgery', color: '#EB5757', minutes: 60, kind: 'procedure' },
      { name: 'Recovery', color: '#27AE60', minutes: 45, kind: 'recovery' },
      {
        name: 'Ready for Discharge',
        color: '#9B51E0',
        minutes: 15,
        kind: 'discharge',
        supplementary_announcement: 'Your family may join you.',
      },
    ],
  },
  {
    name: 'Walk-in Clinic',
    department: 1,
    phases: [
      {
        name: 'Registration',
        color: '#2D9CDB',
        minutes: 5,
        kind: 'arrival',
        supplementary_announcement: 'Please have your ID and insurance card ready.',
      },
      { name: 'Waiting', color: '#F2994A', minutes: 20, kind: 'waiting' },
      { name: 'Triage', color: '#BB6BD9', minutes: 10, kind: 'assessment' },
      { name: 'Exam', color: '#219653', minutes: 25, kind: 'examination' },
      { name: 'Checkout', color: '#828282', minutes: 5, kind: 'discharge' },
    ],
  },
];

export const DEMO_LOCATIONS: readonly { name: string; kind: LocationKind }[] = [
  { name: 'Main Waiting Room', kind: 'waiting_room' },
  { name: 'Surgery Family Lounge', kind: 'waiting_room' },
  { name: 'Registration Desk', kind: 'registration' },
  { name: 'Triage Room', kind: 'triage' },
  { name: 'Exam Room 1', kind: 'exam_room' },
  { name: 'Exam Room 2', kind: 'exam_room' },
  { name: 'Exam Room 3', kind: 'exam_room' },
  { name: 'Exam Room 4', kind: 'exam_room' },
  { name: 'Pre-op Bay', kind: 'pre_op' },
  { name: 'Operating Room 1', kind: 'operating_room' },
  { name: 'Operating Room 2', kind: 'operating_room' },
  { name: 'PACU', kind: 'recovery' },
  { name: 'Central Supply', kind: 'storage' },
  { name: 'East Hallway', kind: 'hallway' },
  { name: 'Lab Draw', kind: 'lab' },
];

/** Station name → its location's name. */
export const DEMO_STATIONS: readonly (readonly [string, string])[] = [
  ['Registration 1', 'Registration Desk'],
  ['Registration 2', 'Registration Desk'],
  ['Discharge Desk', 'Registration Desk'],
  ['Triage', 'Triage Room'],
  ['Exam 1', 'Exam Room 1'],
  ['Exam 2', 'Exam Room 2'],
  ['Exam 3', 'Exam Room 3'],
  ['Exam 4', 'Exam Room 4'],
  ['Pre-op Bay 1', 'Pre-op Bay'],
  ['Pre-op Bay 2', 'Pre-op Bay'],
  ['Lab Window', 'Lab Draw'],
];

/** Staff display names with their staff type ids (1–50). */
export const DEMO_STAFF: readonly (readonly [string, number])[] = [
  ['Dr. Maya Patel', 2],
  ['Dr. Samuel Okafor', 2],
  ['Dr. Lena Fischer', 17],
  ['Dr. Aaron Whitfield', 2],
  ['Jordan Rivera', 3],
  ['Priya Nair', 3],
  ['Tom Becker', 3],
  ['Grace Liu', 3],
  ['Marcus Hill', 3],
  ['Sofia Alvarez', 3],
  ['Dana Kim', 9],
  ['Chris Morgan', 11],
  ['Alex Turner', 12],
  ['Bea Santos', 12],
  ['Ivan Petrov', 16],
  ['Noah Grant', 18],
  ['Ella Brooks', 18],
  ['Ruth Adeyemi', 19],
  ['Leo Martins', 19],
  ['Hannah Cole', 8],
  ['Omar Haddad', 8],
  ['Pat Quinn', 5],
  ['Rosa Jimenez', 10],
];

export const DEMO_FIRST_NAMES = Object.freeze([
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Elena',
  'Felix',
  'Grace',
  'Hugo',
  'Iris',
  'Jonas',
  'Kira',
  'Liam',
  'Mara',
  'Nico',
  'Olivia',
  'Paul',
  'Quinn',
  'Rosa',
  'Sam',
  'Tara',
  'Umar',
  'Vera',
  'Will',
  'Xenia',
  'Yusuf',
  'Zoe',
  'Aiden',
  'Bianca',
  'Caleb',
  'Daria',
]);

export const DEMO_LAST_NAMES = Object.freeze([
  'Kowalski',
  'Brennan',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fontaine',
  'Gallagher',
  'Hartmann',
  'Ishikawa',
  'Jansen',
  'Kaur',
  'Lindqvist',
  'Moreau',
  'Novak',
  'Oduya',
  'Pereira',
  'Quaid',
  'Romano',
  'Sandoval',
  'Takahashi',
  'Ulrich',
  'Varga',
  'Whitaker',
  'Yilmaz',
  'Zielinski',
]);

/** Asset types with how many of each exist. */
export const DEMO_ASSET_TYPES: readonly (readonly [string, number])[] = [
  ['IV Pump', 16],
  ['Wheelchair', 12],
  ['Stretcher', 8],
  ['Vital Signs Monitor', 10],
  ['Pulse Oximeter', 10],
  ['Bladder Scanner', 4],
];

/**
 * PAR levels [location, asset type, min, max, how many are placed there]: some
 * locations start short and some in excess, so the PAR board has something to show.
 */
export const DEMO_PAR: readonly (readonly [string, string, number, number, number])[] = [
  ['Central Supply', 'IV Pump', 4, 8, 2],
  ['Central Supply', 'Wheelchair', 2, 5, 7],
  ['Central Supply', 'Stretcher', 1, 3, 2],
  ['Central Supply', 'Vital Signs Monitor', 2, 4, 3],
  ['Central Supply', 'Pulse Oximeter', 2, 5, 4],
  ['Central Supply', 'Bladder Scanner', 1, 2, 0],
  ['PACU', 'IV Pump', 3, 6, 8],
  ['PACU', 'Vital Signs Monitor', 2, 4, 3],
  ['PACU', 'Pulse Oximeter', 2, 4, 3],
  ['PACU', 'Stretcher', 1, 3, 2],
  ['Pre-op Bay', 'IV Pump', 2, 4, 3],
  ['Pre-op Bay', 'Stretcher', 1, 2, 1],
  ['Pre-op Bay', 'Vital Signs Monitor', 1, 2, 2],
  ['East Hallway', 'Wheelchair', 3, 6, 1],
  ['East Hallway', 'Stretcher', 1, 2, 3],
];

/** Where the assets no PAR row places go, in turn. */
export const DEMO_ASSET_OVERFLOW = Object.freeze([
  'Exam Room 1',
  'Exam Room 2',
  'Operating Room 1',
  'Lab Draw',
]);
