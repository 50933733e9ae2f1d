<?php
/**
 * The <stonegrid> tag. Read `render` first: check the attributes (each against its shape; an
 * attribute the tag does not know is ignored), tell what the body is (an SGF record, a Sensei's
 * Library `$$` diagram or moves; with mode="problem" an SGF problem or a puzzle's name), then either reuse the picture cached under the hash of
 * everything that makes it, or run `stonegrid diagram` (Runner) to make it. The article gets
 * an <img> of the SVG (no script needed to see it) and a "Play from here" link whose first
 * click opens the live board in a frame (resources/ext.stonegrid.js). Anything wrong gives a
 * small box of MediaWiki's `error` class naming the problem; the rest of the page renders.
 *
 * Nothing from the tag reaches the HTML except through Html:: (which escapes every attribute
 * and text) and nothing reaches the program except as one argument of a fixed option: the tag
 * cannot choose a file to read or a program to run.
 */

namespace MediaWiki\Extension\Stonegrid;

use Html;
use MediaWiki\MediaWikiServices;
use Parser;
use PPFrame;

class Tag {
	/** Attribute => pattern its value must match. */
	private const ATTRIBUTES = [
		'game' => '/^[A-Za-z][A-Za-z0-9-]{0,31}$/',
		'size' => '/^[0-9]{1,2}$/',
		'komi' => '/^-?[0-9]{1,3}(\.[05])?$/',
		'moves' => '/^[A-Za-z0-9+ .,;\n\r\t]{0,4096}$/',
		'move' => '/^[0-9]{1,5}$/',
		'theme' => '/^(light|dark|wood|transparent)$/',
		'coords' => '/^[01]$/',
		'numbers' => '/^[01]$/',
		'caption' => '/^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f]{0,500}$/u',
		'mode' => '/^(diagram|problem)$/',
		'puzzle' => '/^[a-z0-9-]{1,64}$/',
		'width' => '/^[0-9]{2,4}$/',
	];

	/**
	 * @param string|null $input the body
	 * @param array $args the attributes
	 * @param Parser $parser
	 * @param PPFrame $frame
	 * @return string HTML
	 */
	public static function render( $input, array $args, Parser $parser, PPFrame $frame ) {
		$parser->getOutput()->addModuleStyles( [ 'ext.stonegrid.styles' ] );
		$config = MediaWikiServices::getInstance()->getMainConfig();
		$body = trim( (string)$input );
		$maxBytes = (int)$config->get( 'StonegridMaxBytes' );
		if ( strlen( $body ) > $maxBytes ) {
			return self::error( 'the tag holds ' . strlen( $body ) . " bytes, more than the $maxBytes allowed" );
		}
		$a = [];
		foreach ( self::ATTRIBUTES as $name => $pattern ) {
			if ( !isset( $args[$name] ) ) {
				continue;
			}
			$value = trim( (string)$args[$name] );
			if ( !preg_match( $pattern, $value ) ) {
				return self::error( "the attribute $name=\"" . mb_substr( $value, 0, 40 ) . '" is not allowed' .
					self::expected( $name ) );
			}
			$a[$name] = $value;
		}
		$problem = ( $a['mode'] ?? 'diagram' ) === 'problem';
		if ( isset( $a['puzzle'] ) && !$problem ) {
			return self::error( 'puzzle="' . $a['puzzle'] . '" needs mode="problem"' );
		}
		if ( isset( $a['size'] ) && ( (int)$a['size'] < 5 || (int)$a['size'] > 25 ) ) {
			return self::error( "size {$a['size']} is not allowed (5 to 25)" );
		}

		// What the body is, and the program's arguments for it.
		$args = [ 'diagram' ];
		$stdin = '';
		$kind = 'moves';
		if ( $problem ) {
			// A problem: a built-in puzzle by name, or an SGF task in the body (docs/lessons.md).
			$kind = 'problem';
			if ( isset( $a['puzzle'] ) ) {
				array_push( $args, '--puzzle', $a['puzzle'] );
			} elseif ( str_starts_with( $body, '(' ) ) {
				array_push( $args, '--problem', '-' );
				$stdin = $body;
			} else {
				return self::error( 'mode="problem" needs an SGF problem in the tag (with GOAL and SHOWME) ' .
					'or the name of a puzzle (puzzle="go-puzzle-9")' );
			}
		} elseif ( str_starts_with( $body, '(' ) ) {
			$kind = 'sgf';
			$args[] = '-';
			$stdin = $body;
		} elseif ( str_starts_with( $body, '$$' ) ) {
			$kind = 'sl';
			array_push( $args, '--from-sl', '-' );
			$stdin = $body;
		} else {
			$moves = $body !== '' ? $body : ( $a['moves'] ?? '' );
			if ( !preg_match( self::ATTRIBUTES['moves'], $moves ) ) {
				return self::error( 'the moves may hold only vertices (D4), ballot turns (A1+B2), pass and take, ' .
					'separated by spaces, commas or dots' );
			}
			$a['moves'] = trim( preg_replace( '/[\s,;]+/', ' ', $moves ) );
			array_push( $args, '--moves', $a['moves'] );
		}
		if ( $kind === 'moves' || $kind === 'sl' ) {
			array_push( $args, '--game', $a['game'] ?? 'go' );
		}
		foreach ( [ 'size' => '--size', 'komi' => '--komi', 'move' => '--move', 'theme' => '--theme',
			'width' => '--width', 'caption' => '--caption' ] as $name => $option ) {
			// A problem's position is its own: only how it is drawn may be chosen.
			if ( isset( $a[$name] ) && !( $problem && in_array( $name, [ 'size', 'komi', 'move' ], true ) ) ) {
				array_push( $args, $option, $a[$name] );
			}
		}
		if ( ( $a['coords'] ?? '' ) === '1' ) {
			$args[] = '--coordinates';
		}
		if ( isset( $a['numbers'] ) ) {
			$args[] = $a['numbers'] === '1' ? '--numbers' : '--no-numbers';
		}

		// The cache: one SVG (and one SGF for the live board) per hash of the program, its
		// arguments and the body.
		$binary = (string)$config->get( 'StonegridBinary' );
		$directory = $config->get( 'StonegridCacheDirectory' ) ?:
			$config->get( 'UploadDirectory' ) . '/stonegrid';
		$path = $config->get( 'StonegridCachePath' ) ?: $config->get( 'UploadPath' ) . '/stonegrid';
		$hash = hash( 'sha256', json_encode( [ $binary, @filemtime( $binary ), $args, $stdin ] ) );
		$name = substr( $hash, 0, 2 ) . '/' . $hash;
		$svgFile = "$directory/$name.svg";
		$sgfFile = "$directory/$name.sgf";
		if ( !is_file( $svgFile ) ) {
			if ( !is_dir( dirname( $svgFile ) ) && !mkdir( dirname( $svgFile ), 0755, true ) && !is_dir( dirname( $svgFile ) ) ) {
				return self::error( 'cannot write the picture (the cache folder is not writable)' );
			}
			$temporary = "$svgFile." . getmypid() . '.tmp';
			[ $status, $svg, $stderr ] = Runner::run(
				$binary,
				array_merge( $args, [ '--sgf-output', $sgfFile, '--output', $temporary ] ),
				$stdin,
				(int)$config->get( 'StonegridTimeout' )
			);
			if ( $status !== 0 ) {
				@unlink( $temporary );
				return self::error( self::problem( $stderr ) );
			}
			rename( $temporary, $svgFile );
		}

		// The picture and the button.
		$parser->getOutput()->addModules( [ 'ext.stonegrid' ] );
		$svgUrl = "$path/$name.svg";
		$image = Html::element( 'img', [
			'class' => 'stonegrid-diagram',
			'src' => $svgUrl,
			'alt' => self::alt( (string)file_get_contents( $svgFile ), $a['caption'] ?? null ),
			'width' => $a['width'] ?? null,
			'loading' => 'lazy',
		] );
		if ( isset( $a['puzzle'] ) ) {
			$query = [ 'mode' => 'problem', 'puzzle' => $a['puzzle'] ];
		} else {
			// The SGF the program wrote with the picture: the position with its marks, letters,
			// numbers and caption (every game, moves too). A board on this wiki's host reads it
			// by its path; one elsewhere, by the canonical address (it must be allowed to read
			// it: CORS).
			$sgf = "$path/$name.sgf";
			$sameHost = str_starts_with( (string)$config->get( 'StonegridBoardUrl' ), '/' ) &&
				!str_starts_with( (string)$config->get( 'StonegridBoardUrl' ), '//' );
			$query = [ 'sgf' => $sameHost ? $sgf : wfExpandUrl( $sgf, PROTO_CANONICAL ) ];
			if ( $problem ) {
				$query = [ 'mode' => 'problem' ] + $query;
			}
		}
		// Coordinates as the picture has them (coords="1", or a `$$c` diagram's header).
		if ( ( $a['coords'] ?? '' ) === '1' || ( $kind === 'sl' && preg_match( '/^\$\$[BW]?c/', $body ) ) ) {
			$query['coords'] = '1';
		}
		if ( isset( $a['theme'] ) ) {
			$query['theme'] = $a['theme'];
		}
		$board = self::boardUrl( (string)$config->get( 'StonegridBoardUrl' ) );
		$buttons = '';
		if ( $board !== null ) {
			$full = $board . ( str_contains( $board, '?' ) ? '&' : '?' ) . http_build_query( $query );
			$frame = $full . '&' . http_build_query( [ 'embed' => 1 ] );
			$buttons = Html::element( 'a', [
				'class' => 'stonegrid-play mw-ui-button',
				'href' => $full,
				'data-stonegrid-frame' => $frame,
				'role' => 'button',
				'aria-expanded' => 'false',
			], wfMessage( $problem ? 'stonegrid-solve' : 'stonegrid-play' )->inContentLanguage()->text() );
		}
		return Html::rawElement( 'div', [ 'class' => 'stonegrid', 'data-stonegrid-kind' => $kind ],
			$image . Html::rawElement( 'div', [], $buttons ) );
	}

	/**
	 * The alternative text: the caption (the attribute, else the one the picture writes: a `$$`
	 * diagram's title, an SGF comment), then what the picture's <title> says it shows ("Go 19×19,
	 * the upper left corner (A16 to G19): 4 black stones and 6 white stones; marked: a circle on
	 * E18"; a problem's: its task, then the same).
	 */
	private static function alt( string $svg, ?string $caption ): string {
		$text = static function ( string $xml ): string {
			$plain = html_entity_decode( strip_tags( str_replace( '</tspan>', ' ', $xml ) ), ENT_QUOTES | ENT_XML1, 'UTF-8' );
			return trim( preg_replace( '/\s+/u', ' ', $plain ) );
		};
		$title = preg_match( '#<title>([^<]{1,2000})</title>#', $svg, $m ) ? $text( $m[1] ) : 'Stonegrid diagram';
		if ( $caption === null ) {
			$caption = preg_match( '#<text class="caption"[^>]*>(.*?)</text>#s', $svg, $m ) ? $text( $m[1] ) : '';
		}
		$caption = trim( $caption );
		// (A problem's title starts with its task, its caption.)
		return $caption === '' || $caption === $title || str_starts_with( $title, "$caption — " ) ? $title : "$caption — $title";
	}

	/** The configured board address when it is http(s) or a path; null otherwise. */
	private static function boardUrl( string $url ): ?string {
		if ( $url === '' ) {
			return null;
		}
		if ( preg_match( '#^(https?:)?//#i', $url ) || str_starts_with( $url, '/' ) ) {
			return $url;
		}
		return null;
	}

	private static function expected( string $name ): string {
		$hints = [
			'game' => ' (the name of a game of stonegrid, e.g. go)',
			'size' => ' (5 to 25)',
			'komi' => ' (a multiple of 0.5)',
			'moves' => ' (vertices, ballot turns A1+B2, pass, take)',
			'theme' => ' (light, dark, wood or transparent)',
			'coords' => ' (1 or 0)',
			'numbers' => ' (1 or 0)',
			'caption' => ' (text up to 500 characters)',
			'mode' => ' (diagram or problem)',
			'puzzle' => ' (the name of a built-in puzzle, e.g. go-puzzle-9)',
		];
		return $hints[$name] ?? '';
	}

	/** The program's message without its prefix, first lines only. */
	private static function problem( string $stderr ): string {
		$lines = array_slice( array_filter( explode( "\n", trim( $stderr ) ) ), 0, 2 );
		$text = preg_replace( '/^stonegrid diagram: /', '', implode( ' ', $lines ) );
		return $text !== '' ? mb_substr( $text, 0, 300 ) : 'the diagram program failed';
	}

	private static function error( string $problem ): string {
		return Html::element( 'div', [ 'class' => 'error stonegrid-error' ],
			wfMessage( 'stonegrid-error', $problem )->inContentLanguage()->plain() );
	}
}
