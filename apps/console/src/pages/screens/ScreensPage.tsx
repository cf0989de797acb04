import { PagePlaceholder } from '../../ui/PagePlaceholder.tsx';

/** The live screen fleet and its actions (product.md §9): for now its heading and what it will hold. */
export function ScreensPage() {
  return <PagePlaceholder title="nav.screens" description="page.screens.description" />;
}
