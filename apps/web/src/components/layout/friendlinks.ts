/** The friendly links' list input: the footer's and the home page loader's (which paints them with the page). */
export const FRIENDLINK_INPUT = { enable: [true], field: ['id', 'title', 'link'], size: 100 };
