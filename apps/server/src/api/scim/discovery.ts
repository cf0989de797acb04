import { MAX_COUNT } from '../../services/scim/scim-context.ts';
import {
  GROUP_SCHEMA,
  RESOURCE_TYPE_SCHEMA,
  SCHEMA_SCHEMA,
  SERVICE_PROVIDER_CONFIG_SCHEMA,
  USER_SCHEMA,
} from '../../services/scim/scim-urns.ts';

/**
 * What a directory reads to learn this service provider (RFC 7644 §4): fixed documents, the
 * base URL only filled in. They say what the code does; change both together.
 */

/** RFC 7643 §5: PATCH and filters yes (`eq` on the keys only), the rest no; a bearer token. */
export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SERVICE_PROVIDER_CONFIG_SCHEMA],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_COUNT },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description:
          'A SCIM token an admin made in the console (POST /api/scim-tokens), sent as Authorization: Bearer.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

/** RFC 7643 §6: the two resource types, no extensions. */
export function resourceTypes(baseUrl: string) {
  return [
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A person who signs in to Careboard through this connection',
      schema: USER_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: "A group of the hospital's directory; the connection's role rules name groups",
      schema: GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

interface Attribute {
  readonly name: string;
  readonly type: 'string' | 'boolean' | 'complex' | 'reference';
  readonly multiValued: boolean;
  readonly description: string;
  readonly required: boolean;
  readonly caseExact?: boolean;
  readonly mutability: 'readOnly' | 'readWrite' | 'immutable';
  readonly returned: 'default';
  readonly uniqueness?: 'none' | 'server';
  readonly canonicalValues?: readonly string[];
  readonly referenceTypes?: readonly string[];
  readonly subAttributes?: readonly Attribute[];
}

const text = (name: string, description: string, more: Partial<Attribute> = {}): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});

/**
 * RFC 7643 §8.7.1's User schema, trimmed to the attributes Careboard keeps (its descriptions
 * shortened). `externalId`, `id` and `meta` are common attributes (§3.1), in no schema.
 */
const USER_ATTRIBUTES: readonly Attribute[] = [
  text('userName', 'Unique identifier for the User; the key of the account when no externalId is sent.', {
    required: true,
    uniqueness: 'server',
  }),
  {
    name: 'name',
    type: 'complex',
    multiValued: false,
    description: "The components of the user's real name.",
    required: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    subAttributes: [
      text('formatted', 'The full name, as shown; the name Careboard shows when given.'),
      text('familyName', 'The family name of the User.'),
      text('givenName', 'The given name of the User.'),
      text('middleName', 'The middle name(s) of the User.'),
      text('honorificPrefix', 'The honorific prefix(es) of the User.'),
      text('honorificSuffix', 'The honorific suffix(es) of the User.'),
    ],
  },
  text('displayName', 'The name of the User, suitable for display to end-users.'),
  {
    name: 'emails',
    type: 'complex',
    multiValued: true,
    description: 'Email addresses for the user; the primary one (or the first) is the account email.',
    required: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    subAttributes: [
      text('value', 'Email address for the user.'),
      text('type', "A label indicating the attribute's function, e.g., 'work' or 'home'.", {
        canonicalValues: ['work', 'home', 'other'],
      }),
      {
        name: 'primary',
        type: 'boolean',
        multiValued: false,
        description: "A Boolean value indicating the 'primary' or preferred attribute value.",
        required: false,
        mutability: 'readWrite',
        returned: 'default',
      },
    ],
  },
  {
    name: 'active',
    type: 'boolean',
    multiValued: false,
    description: "A Boolean value indicating the User's administrative status; false disables the account.",
    required: false,
    mutability: 'readWrite',
    returned: 'default',
  },
  {
    name: 'groups',
    type: 'complex',
    multiValued: true,
    description: 'A list of groups to which the user belongs; changed through the Groups.',
    required: false,
    mutability: 'readOnly',
    returned: 'default',
    subAttributes: [
      text('value', "The identifier of the User's group.", { mutability: 'readOnly' }),
      {
        name: '$ref',
        type: 'reference',
        referenceTypes: ['User', 'Group'],
        multiValued: false,
        description: "The URI of the corresponding 'Group' resource to which the user belongs.",
        required: false,
        caseExact: false,
        mutability: 'readOnly',
        returned: 'default',
        uniqueness: 'none',
      },
      text('display', 'A human-readable name, primarily used for display purposes.', {
        mutability: 'readOnly',
      }),
      text('type', "A label indicating the attribute's function, e.g., 'direct' or 'indirect'.", {
        mutability: 'readOnly',
        canonicalValues: ['direct', 'indirect'],
      }),
    ],
  },
];

/** RFC 7643 §8.7.1's Group schema; members are Users only. */
const GROUP_ATTRIBUTES: readonly Attribute[] = [
  text(
    'displayName',
    'A human-readable name for the Group; unique in the connection, named by the role rules.',
    {
      required: true,
      uniqueness: 'server',
    },
  ),
  {
    name: 'members',
    type: 'complex',
    multiValued: true,
    description: 'A list of members of the Group.',
    required: false,
    mutability: 'readWrite',
    returned: 'default',
    subAttributes: [
      text('value', 'Identifier of the member of this Group.', { mutability: 'immutable' }),
      {
        name: '$ref',
        type: 'reference',
        referenceTypes: ['User', 'Group'],
        multiValued: false,
        description: 'The URI corresponding to a SCIM resource that is a member of this Group.',
        required: false,
        caseExact: false,
        mutability: 'immutable',
        returned: 'default',
        uniqueness: 'none',
      },
      text('type', "A label indicating the type of resource, e.g., 'User' or 'Group'.", {
        mutability: 'immutable',
        canonicalValues: ['User'],
      }),
      text('display', "The member's name, as Careboard shows it.", { mutability: 'readOnly' }),
    ],
  },
];

/** RFC 7643 §7, with the attributes of §8.7.1. */
export function schemas(baseUrl: string) {
  return [
    {
      schemas: [SCHEMA_SCHEMA],
      id: USER_SCHEMA,
      name: 'User',
      description: 'User Account',
      attributes: USER_ATTRIBUTES,
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${USER_SCHEMA}` },
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: GROUP_SCHEMA,
      name: 'Group',
      description: 'Group',
      attributes: GROUP_ATTRIBUTES,
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${GROUP_SCHEMA}` },
    },
  ];
}
