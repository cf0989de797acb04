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
    play_tone: Boolean!
    play_announcement: Boolean!
    announcement_template: String
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
      play_tone
      play_announcement
      announcement_template
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
