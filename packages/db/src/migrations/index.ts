import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121060035_Initial } from './Migration20261121060035_Initial.ts';
import { Migration20261121064350_Documents } from './Migration20261121064350_Documents.ts';
import { Migration20261121074424_DocumentPages } from './Migration20261121074424_DocumentPages.ts';
import { Migration20261121084522_Search } from './Migration20261121084522_Search.ts';
import { Migration20261121092816_Articles } from './Migration20261121092816_Articles.ts';
import { Migration20261121093853_Interactions } from './Migration20261121093853_Interactions.ts';
import { Migration20261121094131_Moderation } from './Migration20261121094131_Moderation.ts';
import { Migration20261121094522_Dynamics } from './Migration20261121094522_Dynamics.ts';
import { Migration20261121112257_Orders } from './Migration20261121112257_Orders.ts';
import { Migration20261121120613_EmailCodes } from './Migration20261121120613_EmailCodes.ts';
import { Migration20261121123313_Sms } from './Migration20261121123313_Sms.ts';
import { Migration20261121135220_Oauth } from './Migration20261121135220_Oauth.ts';
import { Migration20261121135331_Spider } from './Migration20261121135331_Spider.ts';
import { Migration20261121140319_PasswordSet } from './Migration20261121140319_PasswordSet.ts';
import { Migration20261125200000_ContactUnique } from './Migration20261125200000_ContactUnique.ts';
import { Migration20261126084642_FileChallenge } from './Migration20261126084642_FileChallenge.ts';
import { Migration20261126085757_DynamicDocument } from './Migration20261126085757_DynamicDocument.ts';
import { Migration20261126092108_UnfinishedUploads } from './Migration20261126092108_UnfinishedUploads.ts';
import { Migration20261126092600_SettingsNotify } from './Migration20261126092600_SettingsNotify.ts';
import { Migration20261126092731_ConversionOwner } from './Migration20261126092731_ConversionOwner.ts';
import { Migration20261126100000_PageAccessNotify } from './Migration20261126100000_PageAccessNotify.ts';

/** Committed migrations, in order (ARCHITECTURE.md rule 8). The generator appends to this list. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261121060035_Initial', class: Migration20261121060035_Initial },
  { name: 'Migration20261121064350_Documents', class: Migration20261121064350_Documents },
  { name: 'Migration20261121074424_DocumentPages', class: Migration20261121074424_DocumentPages },
  { name: 'Migration20261121084522_Search', class: Migration20261121084522_Search },
  { name: 'Migration20261121092816_Articles', class: Migration20261121092816_Articles },
  { name: 'Migration20261121093853_Interactions', class: Migration20261121093853_Interactions },
  { name: 'Migration20261121094131_Moderation', class: Migration20261121094131_Moderation },
  { name: 'Migration20261121094522_Dynamics', class: Migration20261121094522_Dynamics },
  { name: 'Migration20261121112257_Orders', class: Migration20261121112257_Orders },
  { name: 'Migration20261121120613_EmailCodes', class: Migration20261121120613_EmailCodes },
  { name: 'Migration20261121123313_Sms', class: Migration20261121123313_Sms },
  { name: 'Migration20261121135220_Oauth', class: Migration20261121135220_Oauth },
  { name: 'Migration20261121135331_Spider', class: Migration20261121135331_Spider },
  { name: 'Migration20261121140319_PasswordSet', class: Migration20261121140319_PasswordSet },
  { name: 'Migration20261125200000_ContactUnique', class: Migration20261125200000_ContactUnique },
  { name: 'Migration20261126084642_FileChallenge', class: Migration20261126084642_FileChallenge },
  { name: 'Migration20261126085757_DynamicDocument', class: Migration20261126085757_DynamicDocument },
  { name: 'Migration20261126092108_UnfinishedUploads', class: Migration20261126092108_UnfinishedUploads },
  { name: 'Migration20261126092600_SettingsNotify', class: Migration20261126092600_SettingsNotify },
  { name: 'Migration20261126092731_ConversionOwner', class: Migration20261126092731_ConversionOwner },
  { name: 'Migration20261126100000_PageAccessNotify', class: Migration20261126100000_PageAccessNotify },
];
