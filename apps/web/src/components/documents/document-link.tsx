import { Link } from '@tanstack/react-router';
import type * as React from 'react';
import { type CoverLoading, DocumentCover } from './document-cover';

/** What a link to a document's page and its cover need of the document. */
export interface LinkedDocument {
  id: number;
  uuid?: string | null;
  title: string;
  cover?: string;
  ext?: string;
  is_vip?: boolean;
}

/** A link to a document's page (by its uuid, else its id), its title as the tooltip; the title is the default text. */
export function DocumentLink({
  doc,
  className,
  children,
}: {
  doc: LinkedDocument;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <Link to="/document/$id" params={{ id: doc.uuid || String(doc.id) }} className={className} title={doc.title}>
      {children ?? doc.title}
    </Link>
  );
}

/** A document's cover drawn from its own fields; `vip={false}` leaves the VIP corner off. */
export function DocumentCoverOf({
  doc,
  className,
  vip = true,
  loading,
}: {
  doc: LinkedDocument;
  className?: string;
  vip?: boolean;
  loading?: CoverLoading;
}) {
  return (
    <DocumentCover
      cover={doc.cover ?? ''}
      ext={doc.ext ?? ''}
      title={doc.title}
      isVip={vip && !!doc.is_vip}
      loading={loading}
      className={className}
    />
  );
}
