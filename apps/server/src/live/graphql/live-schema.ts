import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { createResolvers, type ResolverDeps } from './resolvers.ts';
import { typeDefs } from './schema-text.ts';

export function createLiveSchema(deps: ResolverDeps): GraphQLSchema {
  return makeExecutableSchema({ typeDefs, resolvers: createResolvers(deps) });
}
