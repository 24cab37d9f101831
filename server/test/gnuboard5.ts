// A Gnuboard5 database in the MariaDB server of this machine (server/test/mysql.ts), for the
// importer's tests and the import benchmark's seed: the engine's tables as install/gnuboard5.sql
// and adm/sql_write.sql define them, with only the columns the importer reads.
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { mysqlDatabase, type OldSiteDb } from './mysql.js';

export const SCHEMA = [
  `create table g5_config (cf_admin varchar(100) not null default '') default charset=utf8mb4`,
  `create table g5_member (
    mb_no int not null auto_increment primary key, mb_id varchar(20) not null default '', mb_password varchar(255) not null default '',
    mb_name varchar(255) not null default '', mb_nick varchar(255) not null default '', mb_email varchar(255) not null default '',
    mb_level tinyint not null default 0, mb_point int not null default 0, mb_datetime datetime not null default '0000-00-00 00:00:00',
    mb_leave_date varchar(8) not null default '', mb_intercept_date varchar(8) not null default '', unique key (mb_id)) default charset=utf8mb4`,
  `create table g5_point (
    po_id int not null auto_increment primary key, mb_id varchar(20) not null default '', po_datetime datetime not null default '0000-00-00 00:00:00',
    po_content varchar(255) not null default '', po_point int not null default 0) default charset=utf8mb4`,
  `create table g5_group (gr_id varchar(10) not null primary key, gr_subject varchar(255) not null default '', gr_order int not null default 0) default charset=utf8mb4`,
  `create table g5_board (
    bo_table varchar(20) not null primary key, gr_id varchar(255) not null default '', bo_subject varchar(255) not null default '',
    bo_read_level tinyint not null default 0, bo_write_level tinyint not null default 0, bo_comment_level tinyint not null default 0,
    bo_use_category tinyint not null default 0, bo_category_list text not null, bo_order int not null default 0, bo_notice text not null,
    bo_use_secret tinyint not null default 0) default charset=utf8mb4`,
  `create table g5_board_file (
    bo_table varchar(20) not null default '', wr_id int not null default 0, bf_no int not null default 0, bf_source varchar(255) not null default '',
    bf_file varchar(255) not null default '', primary key (bo_table, wr_id, bf_no)) default charset=utf8mb4`,
  `create table g5_board_good (
    bg_id int not null auto_increment primary key, bo_table varchar(20) not null default '', wr_id int not null default 0,
    mb_id varchar(20) not null default '', bg_flag varchar(255) not null default '', bg_datetime datetime not null default '0000-00-00 00:00:00') default charset=utf8mb4`,
  `create table g5_scrap (
    ms_id int not null auto_increment primary key, mb_id varchar(20) not null default '', bo_table varchar(20) not null default '',
    wr_id varchar(15) not null default '', ms_datetime datetime not null default '0000-00-00 00:00:00') default charset=utf8mb4`,
  `create table g5_memo (
    me_id int not null auto_increment primary key, me_recv_mb_id varchar(20) not null default '', me_send_mb_id varchar(20) not null default '',
    me_send_datetime datetime not null default '0000-00-00 00:00:00', me_read_datetime datetime not null default '0000-00-00 00:00:00',
    me_memo text not null, me_send_id int not null default 0, me_type enum('send','recv') not null default 'recv') default charset=utf8mb4`,
];

/** A board's table (g5_write_{bo_table}). */
export const writeTable = (bo: string) => `create table g5_write_${bo} (
  wr_id int not null auto_increment primary key, wr_num int not null default 0, wr_reply varchar(10) not null default '',
  wr_parent int not null default 0, wr_is_comment tinyint not null default 0, wr_comment int not null default 0,
  wr_comment_reply varchar(5) not null default '', ca_name varchar(255) not null default '',
  wr_option set('html1','html2','secret','mail') not null default '', wr_subject varchar(255) not null default '',
  wr_content text not null, wr_hit int not null default 0, wr_good int not null default 0, mb_id varchar(20) not null default '',
  wr_name varchar(255) not null default '', wr_datetime datetime not null default '0000-00-00 00:00:00', wr_last varchar(19) not null default '') default charset=utf8mb4`;

/** What Gnuboard5's create_hash() stores: sha256, 12000 rounds, the base64 salt used as its text. */
export function gnuboard5Hash(password: string, iterations = 12000): string {
  const salt = randomBytes(24).toString('base64');
  return `sha256:${iterations}:${salt}:${pbkdf2Sync(password, salt, iterations, 24, 'sha256').toString('base64')}`;
}

export type Gnuboard5Db = OldSiteDb;

/** A new empty Gnuboard5 database with the tables above and a write table per board. */
export const gnuboard5Database = (boards: string[]): Promise<Gnuboard5Db> => mysqlDatabase('g5_t', [...SCHEMA, ...boards.map(writeTable)]);
