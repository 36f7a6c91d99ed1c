/** The id of the JSON block that carries the server render's query data to the browser (issue 17). */
export const SSR_STATE_ID = 'wenku-state';
