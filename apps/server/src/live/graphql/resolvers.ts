import {
  BoardType,
  type BoardTypeId,
  boardContentFields,
  type DisplayBoardConfig,
  type SpeechCapability,
  speechCapabilitySchema,
  type ThisDevice,
} from '@careboard/contracts';
import type { IResolvers } from '@graphql-tools/utils';
import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import type { BoardAccess } from '../../identity/board-access.ts';
import type { Principal } from '../../identity/verify-access-token.ts';
import { displayBoardNotFound, type SentFrame } from '../boards/board-publisher.ts';
import type { BoardAttachment, BoardPublishers } from '../boards/board-publishers.ts';
import type { LiveIdentity } from '../live-identity.ts';
import { type BoardContentSource, BoardContentStream } from './board-content-stream.ts';
import { DirectEventStream } from './direct-event-stream.ts';
import type { DisplayBoardWatchers } from './display-board-watchers.ts';
import { guardBoardStream } from './guard-board-stream.ts';
import { JsonScalar } from './json-scalar.ts';
import type { LiveContext } from './live-context.ts';

export interface ResolverDeps {
  readonly displayBoards: DisplayBoardWatchers;
  readonly boards: BoardPublishers;
  /** A screen reads only its device's board (decision IDN-16). */
  readonly access: BoardAccess;
  /** A screen's own device record, live (BOF-44). */
  readonly thisDevice: (identity: LiveIdentity) => AsyncIterable<ThisDevice>;
  /** The kinds of record a person's customer changed, live (CON-26). */
  readonly customerChanges: (identity: LiveIdentity) => AsyncIterable<string[]>;
  /** Calls `end` when a screen's device is moved off the board (BOF-44); returns the unwatch. */
  readonly watchDeviceBoard: (principal: Principal, boardId: number, end: () => void) => () => void;
  /** Stores how a screen can speak (SCR-14). */
  readonly reportSpeech: (principal: Principal, speech: SpeechCapability) => Promise<void>;
}

interface BoardArgs {
  readonly displayBoardId: number;
  readonly sinceVersion?: string | null;
}

/**
 * What a board content subscription reads: a class, not closures, since every screen keeps one
 * for as long as it is connected (LIVE-24).
 */
class ContentSource implements BoardContentSource {
  readonly #deps: ResolverDeps;
  readonly #identity: LiveIdentity;
  readonly #type: BoardTypeId;
  readonly #sinceVersion: string | null | undefined;
  readonly boardId: number;
  readonly responseKey: string;

  constructor(
    deps: ResolverDeps,
    identity: LiveIdentity,
    type: BoardTypeId,
    args: BoardArgs,
    responseKey: string,
  ) {
    this.#deps = deps;
    this.#identity = identity;
    this.#type = type;
    this.#sinceVersion = args.sinceVersion;
    this.boardId = args.displayBoardId;
    this.responseKey = responseKey;
  }

  mayRead(): Promise<boolean> {
    return this.#deps.access.mayRead(this.#identity.principal, this.boardId);
  }

  watchAccess(end: () => void): () => void {
    return this.#deps.watchDeviceBoard(this.#identity.principal, this.boardId, end);
  }

  attach(
    listener: (frame: SentFrame) => void,
    onEnd: (error: Error) => void,
  ): Promise<BoardAttachment | undefined> {
    return this.#deps.boards.attach(
      this.#identity.customerId,
      this.boardId,
      this.#type,
      this.#sinceVersion,
      listener,
      onEnd,
    );
  }

  iterate(): AsyncIterable<string> {
    const { access, boards } = this.#deps;
    const identity = this.#identity;
    return guardBoardStream(access, identity, this.boardId, () =>
      boards.subscribe(identity.customerId, this.boardId, this.#type, this.#sinceVersion),
    );
  }
}

/**
 * workflowBoard, familyBoard, patientBoard, assetsBoard: each board type's frames, as a stream
 * the socket layer writes straight to the connection (LIVE-17). Who may read is settled when
 * subscribing; a screen moved off the board is told by its device's change, not checked per frame.
 */
function boardContentResolvers(deps: ResolverDeps) {
  const types = Object.values(BoardType) as BoardTypeId[];
  return Object.fromEntries(
    types.map((type) => [
      boardContentFields[type],
      {
        subscribe: (_root: unknown, args: BoardArgs, context: LiveContext, info: GraphQLResolveInfo) =>
          new BoardContentStream(
            new ContentSource(deps, context.identity, type, args, String(info.path.key)),
          ),
        resolve: (frame: unknown) => frame,
      },
    ]),
  );
}

/**
 * displayBoard: the board's config now and after each change, one read per change for all its
 * subscribers, written straight to each socket (LIVE-24). A screen may read only its device's
 * board (IDN-16): checked when subscribing, and its device's move off the board ends it (BOF-44).
 */
function displayBoardStream(
  { displayBoards, access, watchDeviceBoard }: ResolverDeps,
  identity: LiveIdentity,
  boardId: number,
): DirectEventStream<DisplayBoardConfig> {
  return new DirectEventStream<DisplayBoardConfig>(async (events) => {
    const notFound = () => events.stop(displayBoardNotFound(boardId));
    const unwatch = watchDeviceBoard(identity.principal, boardId, notFound);
    if (!(await access.mayRead(identity.principal, boardId))) {
      unwatch();
      notFound();
      return () => undefined;
    }
    // A screen's access is checked again before each change (rare for a config), in order:
    // a move made where the change feed does not say so still ends it at the next change.
    const screen = identity.principal.deviceId !== undefined;
    let checked = Promise.resolve();
    const deliver = (config: DisplayBoardConfig | undefined) => {
      if (!config) return notFound();
      if (!screen) return events.push(config);
      checked = checked
        .then(() => access.mayRead(identity.principal, boardId))
        .then((may) => (may ? events.push(config) : notFound()), failed);
    };
    const failed = (error: unknown) => events.stop(error);
    const detach = displayBoards.attach(identity.customerId, boardId, deliver, failed);
    return () => {
      unwatch();
      detach();
    };
  });
}

export function createResolvers(deps: ResolverDeps): IResolvers<unknown, LiveContext> {
  const { thisDevice, customerChanges } = deps;
  return {
    JSON: JsonScalar,
    Query: {
      now: () => new Date().toISOString(),
    },
    Mutation: {
      authenticate: async (_root, args: { token: string }, context) => ({
        expires_at: await context.identity.renew(args.token),
      }),
      reportSpeech: async (_root, args: { speech: string }, context) => {
        const speech = speechCapabilitySchema.safeParse(args.speech);
        if (!speech.success) throw new GraphQLError('speech must be voice, fallback or blocked.');
        if (context.identity.principal.deviceId === undefined) return false;
        await deps.reportSpeech(context.identity.principal, speech.data);
        return true;
      },
    },
    Subscription: {
      displayBoard: {
        subscribe: (_root, args: { displayBoardId: number }, context) =>
          displayBoardStream(deps, context.identity, args.displayBoardId),
        resolve: (config: unknown) => config,
      },
      thisDevice: {
        subscribe: (_root, _args, context) => thisDevice(context.identity),
        resolve: (device: unknown) => device,
      },
      customerChanges: {
        subscribe: (_root, _args, context) => customerChanges(context.identity),
        resolve: (kinds: unknown) => kinds,
      },
      ...boardContentResolvers(deps),
    },
  };
}
