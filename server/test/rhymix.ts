// A Rhymix (XE) database in the MariaDB server of this machine (server/test/mysql.ts), for the
// importer's tests: the engine's tables as its modules' schemas/*.xml define them (number →
// bigint, date → char(14) YYYYMMDDHHMMSS, char(1) Y/N flags), with only the columns the importer
// reads and those the engine requires.
import { mysqlDatabase, type OldSiteDb } from './mysql.js';

const T = 'default charset=utf8mb4';

const SCHEMA = [
  `create table xe_member (
    member_srl bigint not null primary key, user_id varchar(80) not null, password varchar(250) not null,
    email_address varchar(80) not null, user_name varchar(40) not null default '', nick_name varchar(40) not null,
    is_admin char(1) not null default 'N', denied char(1) not null default 'N', status varchar(20) not null default 'APPROVED',
    regdate char(14), limit_date char(14), list_order bigint not null default 0,
    unique key unique_user_id (user_id), unique key unique_email_address (email_address)) ${T}`,
  `create table xe_member_group (
    site_srl bigint not null default 0, group_srl bigint not null primary key, list_order bigint not null default 0,
    title varchar(80) not null, is_default char(1) default 'N', is_admin char(1) default 'N') ${T}`,
  `create table xe_member_group_member (site_srl bigint not null default 0, group_srl bigint not null, member_srl bigint not null, regdate char(14), key idx_member_srl (member_srl)) ${T}`,
  `create table xe_point (member_srl bigint not null primary key, point bigint not null default 0) ${T}`,
  `create table xe_modules (
    module_srl bigint not null primary key, module varchar(80) not null, site_srl bigint not null default 0, mid varchar(40) not null,
    browser_title varchar(250) not null, description text, regdate char(14), unique key unique_mid (mid)) ${T}`,
  `create table xe_module_extra_vars (module_srl bigint not null, name varchar(80) not null, value text, unique key unique_module_vars (module_srl, name)) ${T}`,
  `create table xe_module_grants (module_srl bigint not null, name varchar(20) not null, group_srl bigint not null, unique key unique_module (module_srl, name, group_srl)) ${T}`,
  `create table xe_document_categories (
    category_srl bigint not null primary key, module_srl bigint not null, parent_srl bigint not null default 0, title varchar(250),
    regdate char(14) not null default '', list_order bigint not null default 0) ${T}`,
  `create table xe_documents (
    document_srl bigint not null primary key, module_srl bigint not null default 0, category_srl bigint not null default 0,
    is_notice char(1) not null default 'N', title varchar(250), content longtext not null, readed_count bigint not null default 0,
    voted_count bigint not null default 0, blamed_count bigint not null default 0, comment_count bigint not null default 0,
    user_id varchar(80), user_name varchar(80) not null default '', nick_name varchar(80) not null, member_srl bigint not null default 0,
    email_address varchar(250) not null default '', homepage varchar(250) not null default '', regdate char(14), last_update char(14),
    ipaddress varchar(128) not null default '', list_order bigint not null default 0, update_order bigint not null default 0,
    status varchar(20) default 'PUBLIC', key idx_module_srl (module_srl)) ${T}`,
  `create table xe_comments (
    comment_srl bigint not null primary key, module_srl bigint not null default 0, document_srl bigint not null default 0,
    parent_srl bigint not null default 0, is_secret char(1) not null default 'N', content longtext not null,
    user_id varchar(80), user_name varchar(80) not null default '', nick_name varchar(80) not null, member_srl bigint not null default 0,
    email_address varchar(250) not null default '', homepage varchar(250) not null default '', regdate char(14), last_update char(14),
    uploaded_count bigint not null default 0, ipaddress varchar(128) not null default '', list_order bigint not null default 0, status bigint not null default 1,
    key idx_module_srl (module_srl)) ${T}`,
  `create table xe_files (
    file_srl bigint not null primary key, upload_target_srl bigint not null default 0, upload_target_type varchar(20), sid varchar(60),
    module_srl bigint not null default 0, member_srl bigint not null default 0, source_filename varchar(250), uploaded_filename varchar(250),
    file_size bigint not null default 0, mime_type varchar(100) not null default '', isvalid char(1) default 'N', regdate char(14),
    key idx_upload_target_srl (upload_target_srl)) ${T}`,
  `create table xe_document_voted_log (
    document_srl bigint not null, member_srl bigint not null, ipaddress varchar(128) not null default '', regdate char(14), point bigint not null,
    key idx_document_srl (document_srl), key idx_member_srl (member_srl)) ${T}`,
  `create table xe_member_scrap (
    member_srl bigint not null, document_srl bigint not null, folder_srl bigint, title varchar(250), user_id varchar(80),
    user_name varchar(80) not null default '', nick_name varchar(80) not null default '', target_member_srl bigint not null default 0,
    regdate char(14), list_order bigint not null default 0, unique key unique_scrap (member_srl, document_srl)) ${T}`,
  `create table xe_member_message (
    message_srl bigint not null primary key, related_srl bigint not null default 0, sender_srl bigint not null, receiver_srl bigint not null,
    message_type char(1) not null default 'S', title varchar(250) not null, content text not null, readed char(1) not null default 'N',
    list_order bigint not null default 0, regdate char(14), readed_date char(14)) ${T}`,
];

export interface RhymixDb extends OldSiteDb {
  /** Rhymix numbers every row of every table from one sequence (its srls): the next one. */
  srl(): number;
}

/** A new empty Rhymix database with the tables above (prefix xe_). */
export async function rhymixDatabase(): Promise<RhymixDb> {
  const db = await mysqlDatabase('xe_t', SCHEMA);
  let next = 100;
  return { ...db, srl: () => ++next };
}
