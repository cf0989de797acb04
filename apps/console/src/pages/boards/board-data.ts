/** The most rows one read asks for (the API's maximum page, BOF-01). */
export const ALL = 'limit=200';
