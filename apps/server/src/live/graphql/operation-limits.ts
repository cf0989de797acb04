import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
  type DocumentNode,
  type ExecutionArgs,
  GraphQLError,
  type GraphQLSchema,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import type { SubscribePayload } from 'graphql-ws';

export interface OperationLimits {
  readonly maxTokens: number;
  readonly maxDepth: number;
  readonly maxAliases: number;
  /** `__schema` and `__type` allowed: CAREBOARD_GRAPHQL_INTROSPECTION, off by default (decision LIVE-14). */
  readonly introspection: boolean;
}

export const DEFAULT_OPERATION_LIMITS: OperationLimits = Object.freeze({
  maxTokens: 1000,
  maxDepth: 8,
  maxAliases: 15,
  introspection: false,
});

type Prepared = { readonly document: DocumentNode } | { readonly errors: readonly GraphQLError[] };

/** Documents already parsed and validated, by text: every screen sends the same few (decision LIVE-20). */
const PREPARED_KEPT = 200;
const prepared = new WeakMap<GraphQLSchema, Map<string, Prepared>>();

/**
 * Parses and validates one operation within limits: a document too long,
 * too deep or with too many aliases is a GraphQL error, not work. The outcome is
 * kept by document text (and schema, limits fixed per server), so ten thousand
 * screens sending the board app's three documents share three parsed ASTs.
 */
export function prepareOperation(
  schema: GraphQLSchema,
  payload: SubscribePayload,
  limits: OperationLimits,
): Omit<ExecutionArgs, 'contextValue'> | readonly GraphQLError[] {
  let kept = prepared.get(schema);
  if (!kept) {
    kept = new Map();
    prepared.set(schema, kept);
  }
  let outcome = kept.get(payload.query);
  if (!outcome) {
    outcome = prepareDocument(schema, payload.query, limits);
    if (kept.size >= PREPARED_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(payload.query, outcome);
  }
  if ('errors' in outcome) return outcome.errors;
  const variables = payload.variables;
  return {
    schema,
    document: outcome.document,
    operationName: payload.operationName ?? null,
    variableValues: variables && typeof variables === 'object' ? variables : {},
  };
}

function prepareDocument(schema: GraphQLSchema, query: string, limits: OperationLimits): Prepared {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: limits.maxTokens });
  } catch (error) {
    return {
      errors: [error instanceof GraphQLError ? error : new GraphQLError('The document could not be parsed.')],
    };
  }
  const rules = [
    ...specifiedRules,
    maxDepthRule({ n: limits.maxDepth, exposeLimits: true }),
    maxAliasesRule({ n: limits.maxAliases, exposeLimits: true }),
    ...(limits.introspection ? [] : [NoSchemaIntrospectionCustomRule]),
  ];
  let errors: readonly GraphQLError[];
  try {
    errors = validate(schema, document, rules);
  } catch (error) {
    // The depth and alias rules throw their GraphQLError rather than report it.
    if (error instanceof GraphQLError) return { errors: [error] };
    throw error;
  }
  return errors.length > 0 ? { errors } : { document };
}
