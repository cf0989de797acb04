import { useIntl } from 'react-intl';
import { Route, Routes } from 'react-router';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { BoardEditorRoute } from './editor/BoardEditor.tsx';
import { BoardList } from './list/BoardList.tsx';

/**
 * The boards (product.md §9): the list at /console/boards, one board's editor with its live
 * preview at /console/boards/:id, so an editor is a link one can share or reload.
 */
export function BoardsPage() {
  const intl = useIntl();
  return (
    <>
      <PageHeading>{intl.formatMessage({ id: 'nav.boards' })}</PageHeading>
      <Routes>
        <Route index element={<BoardList />} />
        <Route path=":id" element={<BoardEditorRoute />} />
      </Routes>
    </>
  );
}
