-- The news categories became one list (src/lib/categories.ts): the header's "eCommerce" and the
-- form's "E-commerce" are one category, spelled E-commerce.
UPDATE `articles` SET `category` = 'E-commerce' WHERE `kind` = 'news' AND `category` = 'eCommerce';
