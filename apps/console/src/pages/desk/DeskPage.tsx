import { PagePlaceholder } from '../../ui/PagePlaceholder.tsx';

/** The day's patient flow, written over the socket gateway (product.md §9): for now its heading and what it will hold. */
export function DeskPage() {
  return <PagePlaceholder title="nav.desk" description="page.desk.description" />;
}
