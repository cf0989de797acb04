import { PagePlaceholder } from '../../ui/PagePlaceholder.tsx';

/** The guided path from an empty customer to a live board (product.md §9): for now its heading and what it will hold. */
export function SetupPage() {
  return <PagePlaceholder title="nav.setup" description="page.setup.description" />;
}
