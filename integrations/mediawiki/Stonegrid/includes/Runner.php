<?php
/**
 * Runs the configured `stonegrid` binary, and only it: the command is an argument array given
 * to proc_open (no shell parses it), the tag's text goes to standard input, the SVG comes back
 * on standard output. A run that takes longer than the timeout is stopped; output is capped.
 */

namespace MediaWiki\Extension\Stonegrid;

class Runner {
	/** Output larger than this is refused (a 25×25 picture with numbers is about 60 KB). */
	private const MAX_OUTPUT = 4 * 1024 * 1024;

	/**
	 * @param string $binary the configured program
	 * @param string[] $args its arguments (after the program)
	 * @param string $input standard input
	 * @param int $timeout seconds
	 * @return array [ int $status, string $stdout, string $stderr ]; status -1 when it could not run
	 */
	public static function run( string $binary, array $args, string $input, int $timeout ): array {
		if ( !is_file( $binary ) || !is_executable( $binary ) ) {
			return [ -1, '', 'the diagram program is not installed (ask the wiki\'s administrator: $wgStonegridBinary)' ];
		}
		$command = array_merge( [ $binary ], array_map( 'strval', $args ) );
		$pipes = [];
		$process = proc_open(
			$command,
			[ 0 => [ 'pipe', 'r' ], 1 => [ 'pipe', 'w' ], 2 => [ 'pipe', 'w' ] ],
			$pipes,
			null,
			[ 'PATH' => '/usr/bin:/bin', 'LANG' => 'C.UTF-8' ]
		);
		if ( !is_resource( $process ) ) {
			return [ -1, '', 'the diagram program could not be started' ];
		}
		stream_set_blocking( $pipes[1], false );
		stream_set_blocking( $pipes[2], false );
		// Write standard input in pieces while reading the output, so neither pipe fills up.
		$stdout = '';
		$stderr = '';
		$written = 0;
		$deadline = microtime( true ) + $timeout;
		$open = [ 1 => $pipes[1], 2 => $pipes[2] ];
		$stdin = $pipes[0];
		stream_set_blocking( $stdin, false );
		while ( $open ) {
			if ( $stdin && $written >= strlen( $input ) ) {
				fclose( $stdin );
				$stdin = null;
			}
			$read = array_values( $open );
			$write = $stdin ? [ $stdin ] : [];
			$except = null;
			$left = $deadline - microtime( true );
			if ( $left <= 0 || stream_select( $read, $write, $except, 0, (int)min( 200000, $left * 1e6 ) ) === false ) {
				proc_terminate( $process, 9 );
				self::closeAll( $pipes );
				proc_close( $process );
				return [ -1, '', "the diagram program took longer than $timeout s and was stopped" ];
			}
			if ( $write ) {
				// (a program that stopped reading closed the pipe: the rest is dropped)
				$n = @fwrite( $stdin, substr( $input, $written, 65536 ) );
				$written += $n === false ? strlen( $input ) : $n;
			}
			foreach ( $read as $pipe ) {
				$chunk = fread( $pipe, 65536 );
				if ( $pipe === $pipes[1] ) {
					$stdout .= $chunk;
				} else {
					$stderr .= $chunk;
				}
				if ( feof( $pipe ) ) {
					unset( $open[ $pipe === $pipes[1] ? 1 : 2 ] );
				}
			}
			if ( strlen( $stdout ) + strlen( $stderr ) > self::MAX_OUTPUT ) {
				proc_terminate( $process, 9 );
				self::closeAll( $pipes );
				proc_close( $process );
				return [ -1, '', 'the diagram program wrote too much' ];
			}
		}
		if ( $stdin ) {
			fclose( $stdin );
		}
		$status = proc_close( $process );
		return [ $status, $stdout, $stderr ];
	}

	private static function closeAll( array $pipes ) {
		foreach ( $pipes as $pipe ) {
			if ( is_resource( $pipe ) ) {
				fclose( $pipe );
			}
		}
	}
}
