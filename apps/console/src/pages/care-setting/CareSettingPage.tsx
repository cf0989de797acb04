import { PagePlaceholder } from '../../ui/PagePlaceholder.tsx';

/** The care setting's editors (product.md §9): for now its heading and what it will hold. */
export function CareSettingPage() {
  return <PagePlaceholder title="nav.careSetting" description="page.careSetting.description" />;
}
