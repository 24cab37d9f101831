#!/usr/bin/env bash
# A WordPress site (PHP 8.2 + MariaDB, nginx and php-fpm, all from Debian's packages) holding the
# boards bench's posts, for `BENCH_WORDPRESS=http://127.0.0.1:8080 npm run bench:boards`
# (docs/performance.md, "Side by side with PHP + MariaDB"). Run as root after bench/seed-boards.ts
# has seeded the PostgreSQL database named below; MariaDB must be running (on 127.0.0.1:3306).
# Boards become categories, posts and comments keep their keys, members become users.
set -euo pipefail
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432/chalkak_bench_boards}
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=/tmp/chalkak-wordpress
PORT=8080

DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
  wordpress wordpress-theme-twentytwentyone php8.2-fpm php8.2-mysql php8.2-mbstring nginx-light >/dev/null

mariadb -e "create database if not exists wordpress character set utf8mb4 collate utf8mb4_unicode_ci;
  create user if not exists 'wordpress'@'localhost' identified by 'bench';
  grant all on wordpress.* to 'wordpress'@'localhost';"
cat > /etc/wordpress/config-127.0.0.1.php <<PHP
<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'wordpress');
define('DB_PASSWORD', 'bench');
define('DB_HOST', 'localhost');
define('DISABLE_WP_CRON', true);
PHP
# The tables and the admin account, as the installer makes them.
php -r '
  $_SERVER["HTTP_HOST"] = "127.0.0.1";
  define("WP_INSTALLING", true);
  require "/usr/share/wordpress/wp-load.php";
  require_once ABSPATH . "wp-admin/includes/upgrade.php";
  if (!is_blog_installed()) wp_install("Chalkak bench", "admin", "admin@example.com", true, "", "bench-admin-pass", "ko_KR");
' 2>/dev/null
mariadb wordpress -e "update wp_options set option_value = 'twentytwentyone' where option_name in ('template', 'stylesheet');
  update wp_options set option_value = 'http://127.0.0.1:$PORT' where option_name in ('siteurl', 'home');
  update wp_options set option_value = '20' where option_name = 'posts_per_page';"

# The same rows: exported from PostgreSQL as tab-separated text, loaded with LOAD DATA.
rm -rf "$OUT" && mkdir -p "$OUT"
sed "s#/tmp/wp/#$OUT/#g" "$HERE/export.sql" | psql "$PG_URL" -q -v ON_ERROR_STOP=1
sed "s#/tmp/wp/#$OUT/#g" "$HERE/load.sql" | mariadb --local-infile=1 wordpress
rm -rf "$OUT"

# nginx on 127.0.0.1:8080 in front of php-fpm with 16 workers (static), opcache on (Debian's default).
cat > /etc/nginx/sites-available/chalkak-wordpress <<NGINX
server {
  listen 127.0.0.1:$PORT;
  root /usr/share/wordpress;
  index index.php;
  location / { try_files \$uri \$uri/ /index.php?\$args; }
  location ~ \.php\$ {
    include snippets/fastcgi-php.conf;
    fastcgi_pass unix:/run/php/php8.2-fpm.sock;
  }
}
NGINX
rm -f /etc/nginx/sites-enabled/default
ln -sf /etc/nginx/sites-available/chalkak-wordpress /etc/nginx/sites-enabled/chalkak-wordpress
sed -i 's/^pm = .*/pm = static/; s/^pm.max_children = .*/pm.max_children = 16/' /etc/php/8.2/fpm/pool.d/www.conf
mkdir -p /run/php
pkill php-fpm8.2 || true
php-fpm8.2 -D
nginx -s reload 2>/dev/null || nginx
curl -sf -o /dev/null "http://127.0.0.1:$PORT/?category_name=free" && echo "WordPress answers on http://127.0.0.1:$PORT"
