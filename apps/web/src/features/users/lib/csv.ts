/** The import's limits, as the API checks them (POST /users/import). */
export const IMPORT_MAX_BYTES = 1024 * 1024;
export const IMPORT_MAX_ROWS = 1000;

/** Header row of the CSV the import reads; phone is optional. */
export const CSV_TEMPLATE = 'name,email,phone\n';
export const CSV_TEMPLATE_FILE = 'students-template.csv';

/**
 * The template as a link target. A data URL needs no object URL to release, and only the header
 * goes in: an example row would be imported as a real student if the file were sent unchanged.
 */
export const csvTemplateHref = () => `data:text/csv;charset=utf-8,${encodeURIComponent(CSV_TEMPLATE)}`;

/** What the file picker accepts: the CSV type, or the extension where a system reports another type. */
export const CSV_ACCEPT = { 'text/csv': ['.csv'] };
