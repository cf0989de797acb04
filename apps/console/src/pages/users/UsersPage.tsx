import { PagePlaceholder } from '../../ui/PagePlaceholder.tsx';

/** The user editor, never above the signed-in level (product.md §9): for now its heading and what it will hold. */
export function UsersPage() {
  return <PagePlaceholder title="nav.users" description="page.users.description" />;
}
