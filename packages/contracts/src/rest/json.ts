/**
 * What `JSON.stringify` makes of a record (decision FND-42): each `Date` becomes its ISO string
 * (`Date.prototype.toJSON`), through nulls, arrays and nested objects; everything else stays. A
 * dated record is declared once as the server answers it (`TagRecord`: times are Dates), and its
 * JSON is what the console reads (`interface Tag extends Json<TagRecord> {}`: an interface, so
 * the checker's messages name it), so the two cannot drift apart.
 */
export type Json<T> = T extends Date ? string : T extends object ? { [K in keyof T]: Json<T[K]> } : T;
