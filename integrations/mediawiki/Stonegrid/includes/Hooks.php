<?php
/**
 * Registers the <stonegrid> tag (Tag::render does the work).
 */

namespace MediaWiki\Extension\Stonegrid;

use Parser;

class Hooks {
	/**
	 * @param Parser $parser
	 */
	public static function onParserFirstCallInit( Parser $parser ) {
		$parser->setHook( 'stonegrid', [ Tag::class, 'render' ] );
	}
}
