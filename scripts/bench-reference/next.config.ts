import createNextIntlPlugin from 'next-intl/plugin';

export default createNextIntlPlugin('./i18n/request.ts')({});
