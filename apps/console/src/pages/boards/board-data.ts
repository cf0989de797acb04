/** What the boards page reads besides the boards themselves: the REST rows it offers as choices. */
export interface Department {
  readonly id: number;
  readonly site_id: number;
  readonly name: string;
}
export interface Workflow {
  readonly id: number;
  readonly department_id: number;
  readonly name: string;
}
export interface Phase {
  readonly id: number;
  readonly workflow_id: number;
  readonly name: string;
  readonly position: number;
}
export interface Location {
  readonly id: number;
  readonly name: string;
  readonly kind: string;
}
export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
}

/** The most rows one read asks for (the API's maximum page, BOF-01). */
export const ALL = 'limit=200';
