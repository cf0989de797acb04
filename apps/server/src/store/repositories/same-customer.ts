import {
  type Expression,
  type ExpressionBuilder,
  JoinBuilder,
  type SqlBool,
  type StringReference,
} from 'kysely';

/**
 * `alias.column` for every table in scope that has a customer_id (every domain table):
 * Kysely's own `alias.column` references, kept to those tables, so both the column and
 * the table's customer_id are checked against the schema.
 */
export type CustomerScopedRef<DB, TB extends keyof DB> = {
  [T in TB]: 'customer_id' extends keyof DB[T] ? `${T & string}.${keyof DB[T] & string}` : never;
}[TB];

/** `v.badge_id` → `v.customer_id`. */
function customerIdOf(ref: string): string {
  return `${ref.slice(0, ref.indexOf('.'))}.customer_id`;
}

/**
 * Each CustomerScopedRef is one of Kysely's `alias.column` references of TB, and so is
 * its table's customer_id (the type admits only tables that have one); TypeScript cannot
 * follow that through the generic DB, hence the assertion.
 */
function reference<DB, TB extends keyof DB>(ref: string): StringReference<DB, TB> {
  return ref as StringReference<DB, TB>;
}

/**
 * Two rows of one customer, related by `left = right`. Every domain key includes
 * customer_id, so a join or a correlated subquery says both: `left = right` and the
 * two tables' customer_id equal (`sameCustomer(join, 'b.id', 'v.badge_id')` is
 * `b.id = v.badge_id AND b.customer_id = v.customer_id`). Given a join builder it adds
 * both to the join's ON; given an expression builder (`.where((eb) => sameCustomer(eb, …))`)
 * it returns the two as one condition.
 */
export function sameCustomer<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  left: CustomerScopedRef<DB, TB>,
  right: CustomerScopedRef<DB, TB>,
): Expression<SqlBool>;
export function sameCustomer<DB, TB extends keyof DB>(
  join: JoinBuilder<DB, TB>,
  left: CustomerScopedRef<DB, TB>,
  right: CustomerScopedRef<DB, TB>,
): JoinBuilder<DB, TB>;
export function sameCustomer<DB, TB extends keyof DB>(
  builder: JoinBuilder<DB, TB> | ExpressionBuilder<DB, TB>,
  left: CustomerScopedRef<DB, TB>,
  right: CustomerScopedRef<DB, TB>,
): JoinBuilder<DB, TB> | Expression<SqlBool> {
  const [l, r] = [reference<DB, TB>(left), reference<DB, TB>(right)];
  const [lc, rc] = [reference<DB, TB>(customerIdOf(left)), reference<DB, TB>(customerIdOf(right))];
  if (builder instanceof JoinBuilder) return builder.onRef(l, '=', r).onRef(lc, '=', rc);
  return builder.and([builder(l, '=', builder.ref(r)), builder(lc, '=', builder.ref(rc))]);
}
