import { PagePlaceholder } from '../../ui/PagePlaceholder.tsx';

/** The equipment editors and PAR levels (product.md §9): for now its heading and what it will hold. */
export function EquipmentPage() {
  return <PagePlaceholder title="nav.equipment" description="page.equipment.description" />;
}
