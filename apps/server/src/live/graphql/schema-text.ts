import {
  boardContentTypeDefs,
  customerChangesTypeDefs,
  displayBoardTypeDefs,
  thisDeviceTypeDefs,
} from '@careboard/contracts';

/** The server's GraphQL schema: contracts' board types plus the operations. */
export const typeDefs = /* GraphQL */ `
  scalar JSON

  type Query {
    "The server's time, to check a connection."
    now: String!
  }

  type Authentication {
    "Seconds since the epoch when the token stops being accepted."
    expires_at: Int!
  }

  type Mutation {
    "Renews the connection's token in-band, keeping its subscriptions."
    authenticate(token: String!): Authentication!
    "A screen says how it can speak its calls: voice, fallback or blocked (a screen's token only; false otherwise)."
    reportSpeech(speech: String!): Boolean!
  }

  type Subscription {
    "The board's config now, then after each change."
    displayBoard(displayBoardId: Int!): DisplayBoard!
    "A screen's own device record now, then after each change (a screen's token only)."
    thisDevice: ThisDevice!
  }

  ${displayBoardTypeDefs}
  ${thisDeviceTypeDefs}
  ${boardContentTypeDefs}
  ${customerChangesTypeDefs}
`;
