import { describe, expect, it } from 'vitest';
import { domainProblem } from './domain-problem';

describe('the dashboard warning about the site domain (issue 15 item 13)', () => {
  it('warns while the domain is unset or not an origin', () => {
    expect(domainProblem('', 'https://wenku.example')).toBe('unset');
    expect(domainProblem('wenku.example', 'https://wenku.example')).toBe('unset');
  });

  it('warns when the domain is not the address the administrator uses', () => {
    expect(domainProblem('http://localhost:8880', 'https://wenku.example')).toBe('differs');
    expect(domainProblem('http://wenku.example', 'https://wenku.example')).toBe('differs');
  });

  it('is quiet when they match, whatever the trailing slash or letter case', () => {
    expect(domainProblem('https://Wenku.example/', 'https://wenku.example')).toBeNull();
  });
});
