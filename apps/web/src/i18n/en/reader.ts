/** Reading a document: search inside it and the text layer over its pages. */
export default {
  search: {
    label: 'Find in document',
    open: 'Find in document',
    placeholder: 'Find in document…',
    submit: 'Find',
    searching: 'Searching…',
    count: 'Matches: {{count}}',
    none: 'Nothing found',
    failed: 'The search failed; please try again later',
    position: '{{current}} / {{total}}',
    announce: 'Match {{current}} of {{total}}, on page {{page}}',
    prev: 'Previous match',
    next: 'Next match',
    clear: 'Clear the search',
    showResults: 'Show the matches',
    hideResults: 'Hide the matches',
    results: 'Matches',
    page: 'Page {{page}}',
    pageCount: '{{count}} found',
    keys: 'Enter finds the next match, Shift+Enter the previous one, Esc clears the search',
  },
} as const;
