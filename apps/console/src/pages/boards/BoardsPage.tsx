import { PagePlaceholder } from '../../ui/PagePlaceholder.tsx';

/** The board editor with its live preview (product.md §9): for now its heading and what it will hold. */
export function BoardsPage() {
  return <PagePlaceholder title="nav.boards" description="page.boards.description" />;
}
