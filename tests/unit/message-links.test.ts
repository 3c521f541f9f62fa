import { describe, expect, it } from 'vitest';
import { linkParts } from '@/lib/conversations/message-links';

describe('linkParts', () => {
  it('finds http, https and www. addresses, and leaves the rest as text', () => {
    expect(linkParts('Маршрут: https://sopka.travel/go/abc, карта www.example.ru/map и всё')).toEqual([
      { kind: 'text', text: 'Маршрут: ' },
      { kind: 'link', text: 'https://sopka.travel/go/abc', href: 'https://sopka.travel/go/abc' },
      { kind: 'text', text: ', карта ' },
      { kind: 'link', text: 'www.example.ru/map', href: 'https://www.example.ru/map' },
      { kind: 'text', text: ' и всё' },
    ]);
  });

  it('leaves the punctuation that ends a sentence outside, but keeps a bracket the address opened', () => {
    expect(linkParts('See http://a.example.com/x.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'http://a.example.com/x', href: 'http://a.example.com/x' },
      { kind: 'text', text: '.' },
    ]);
    expect(linkParts('(https://en.wikipedia.org/wiki/Lazo_(village))')).toEqual([
      { kind: 'text', text: '(' },
      {
        kind: 'link',
        text: 'https://en.wikipedia.org/wiki/Lazo_(village)',
        href: 'https://en.wikipedia.org/wiki/Lazo_(village)',
      },
      { kind: 'text', text: ')' },
    ]);
  });

  it('makes nothing of other schemes, bare words or hosts without a dot', () => {
    for (const text of [
      'javascript:alert(1)',
      'ftp://files.example.com',
      'http://localhost/admin',
      'www.',
      'просто текст',
    ])
      expect(linkParts(text)).toEqual([{ kind: 'text', text }]);
  });
});
