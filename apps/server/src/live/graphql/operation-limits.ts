import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
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

/**
 * Parses and validates one operation within limits: a document too long,
 * too deep or with too many aliases is a GraphQL error, not work.
 */
export function prepareOperation(
  schema: GraphQLSchema,
  payload: SubscribePayload,
  limits: OperationLimits,
): Omit<ExecutionArgs, 'contextValue'> | readonly GraphQLError[] {
  let document: ReturnType<typeof parse>;
  try {
    document = parse(payload.query, { maxTokens: limits.maxTokens });
  } catch (error) {
    return [error instanceof GraphQLError ? error : new GraphQLError('The document could not be parsed.')];
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
    if (error instanceof GraphQLError) return [error];
    throw error;
  }
  if (errors.length > 0) return errors;
  const variables = payload.variables;
  return {
    schema,
    document,
    operationName: payload.operationName ?? null,
    variableValues: variables && typeof variables === 'object' ? variables : {},
  };
}
