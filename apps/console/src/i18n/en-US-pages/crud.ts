/** The shared editor's texts (ui/crud/, keys prefixed 'crud.'; decision CON-68). */
export const crudEnUS = {
  'crud.add': 'Add {thing}',
  'crud.edit': 'Edit {name}',
  'crud.delete': 'Delete {name}',
  'crud.addTitle': 'Add {thing}',
  'crud.editTitle': 'Edit {name}',
  'crud.deleteTitle': 'Delete {name}?',
  'crud.deleteBody': '{name} is removed for everyone. This cannot be undone.',
  'crud.save': 'Save',
  'crud.cancel': 'Cancel',
  'crud.confirmDelete': 'Delete',
  'crud.actions': 'Actions',
  'crud.empty': 'Nothing here yet.',
  'crud.saved': 'Saved.',
  'crud.none': 'None',
  'crud.tabs': 'Sections',
} as const;
