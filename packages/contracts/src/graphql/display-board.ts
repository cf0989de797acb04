/**
 * The displayBoard subscription: the schema part the server implements and the
 * operation the board sends. An unknown board (or another customer's) ends the
 * subscription with one GraphQL error whose `extensions.code` is ENTITY_NOT_FOUND,
 * which the board shows as 'Display board does not exist.'.
 */
export const displayBoardTypeDefs = /* GraphQL */ `
  type Site {
    id: Int!
    name: String!
    default_timezone: String!
  }

  type Department {
    id: Int!
    name: String!
    site: Site!
  }

  type DisplayBoard {
    id: Int!
    name: String!
    display_board_type_id: Int!
    workflow_ids: [Int!]!
    phase_ids: [Int!]!
    page_rotation_sec: Int!
    "JSON: { columns: [{ key, label?, width? }] }, or null"
    table_configuration: JSON
    department: Department!
    show_badge: Boolean!
    show_display_name: Boolean!
    show_estimated_duration: Boolean!
    show_avg_duration: Boolean!
    "a workflow board lists the patients expected today before they arrive"
    show_expected: Boolean!
    play_tone: Boolean!
    play_announcement: Boolean!
    announcement_template: String
    "female or male: the voice calls are spoken with"
    announcement_voice: String!
    "speaking rate, 1 a voice's normal pace"
    announcement_rate: Float!
    location_ids: [Int!]!
    display_style_id: Int!
  }
`;

export const displayBoardSubscription = /* GraphQL */ `
  subscription DisplayBoard($displayBoardId: Int!) {
    displayBoard(displayBoardId: $displayBoardId) {
      id
      name
      display_board_type_id
      workflow_ids
      phase_ids
      page_rotation_sec
      table_configuration
      department {
        id
        name
        site {
          id
          name
          default_timezone
        }
      }
      show_badge
      show_display_name
      show_estimated_duration
      show_avg_duration
      show_expected
      play_tone
      play_announcement
      announcement_template
      announcement_voice
      announcement_rate
      location_ids
      display_style_id
    }
  }
`;

/** The `extensions.code` of a GraphQL error, from the error catalogue's codes. */
export const GRAPHQL_NOT_FOUND_CODE = 'ENTITY_NOT_FOUND';

/**
 * Renews a live connection's token in-band, keeping its subscriptions: the board
 * sends it after every token renewal (the server otherwise closes the connection
 * with Unauthorized a minute after the old token's exp).
 */
export const authenticateMutation = /* GraphQL */ `
  mutation Authenticate($token: String!) {
    authenticate(token: $token) {
      expires_at
    }
  }
`;

/**
 * A screen's own device record (decisions BOF-44, BOF-45): which board it shows and when it was
 * last asked to reload. Only a screen's token (one with a `device_id`) may subscribe; anyone
 * else, or a revoked device, gets ENTITY_NOT_FOUND. The first value comes at once, then one
 * after each change of the device (on any node).
 */
export const thisDeviceTypeDefs = /* GraphQL */ `
  type ThisDevice {
    id: Int!
    name: String!
    "The board the screen shows; null: none."
    display_board_id: Int
    "ISO 8601: when someone last asked the screen to reload its page; null: never."
    reload_requested_at: String
  }
`;

export const thisDeviceSubscription = /* GraphQL */ `
  subscription ThisDevice {
    thisDevice {
      id
      name
      display_board_id
      reload_requested_at
    }
  }
`;

export interface ThisDevice {
  readonly id: number;
  readonly name: string;
  readonly display_board_id: number | null;
  readonly reload_requested_at: string | null;
}

/**
 * `customerChanges`: the kinds of record (change_log entities: 'visit', 'device', 'location'…)
 * that one commit or more of the caller's customer changed, pushed as they commit. A person's
 * token only: the console re-reads through REST what it shows (decision CON-26).
 */
export const customerChangesTypeDefs = /* GraphQL */ `
  extend type Subscription {
    "[] once listening, then the kinds of record the caller's customer changed after each commit (a person's token only)."
    customerChanges: [String!]!
  }
`;

export const customerChangesSubscription = /* GraphQL */ `
  subscription CustomerChanges {
    customerChanges
  }
`;
