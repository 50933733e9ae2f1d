/*
 * "Play from here": a click on a diagram's button puts the live board (an iframe of the
 * configured Stonegrid address, embed mode) under the picture, and the button becomes "Close the
 * board"; its next click takes the board away (the button says "Play from here" again, and the
 * click after that opens a fresh board at the diagram's position). Nothing loads before the
 * first click. The frame's address was made and escaped on the server (Tag.php); this script
 * only copies it from the button's data attribute, and only an http(s) or same-host address.
 * The frame's title (what a screen reader names it by) is what the picture shows (its alt text);
 * once the board tells its own title (a `title` message from the frame, from the board's
 * origin), that title with the picture's description.
 */
( function () {
	function toggle( event ) {
		var button = event.currentTarget,
			figure = button.closest( '.stonegrid' ),
			address = button.getAttribute( 'data-stonegrid-frame' ) || '',
			url, frame;
		if ( !figure || !address ) {
			return; // follow the link: the board in a page of its own
		}
		url = new URL( address, location.href );
		if ( url.protocol !== 'http:' && url.protocol !== 'https:' ) {
			return;
		}
		event.preventDefault();
		frame = figure.querySelector( 'iframe.stonegrid-frame' );
		if ( frame ) {
			frame.remove();
			button.textContent = button.dataset.stonegridLabel;
			button.setAttribute( 'aria-expanded', 'false' );
			return;
		}
		frame = document.createElement( 'iframe' );
		frame.className = 'stonegrid-frame';
		frame.src = url.href;
		frame.title = mw.msg( 'stonegrid-frame-title', description( figure ) );
		frame.setAttribute( 'sandbox', 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox' );
		figure.appendChild( frame );
		button.dataset.stonegridLabel = button.textContent;
		button.textContent = mw.msg( 'stonegrid-close' );
		button.setAttribute( 'aria-expanded', 'true' );
	}
	function description( figure ) {
		var image = figure.querySelector( 'img.stonegrid-diagram' );
		return ( image && image.alt ) || '';
	}
	// The board's title: only a text from the frame itself, sent from the board's origin.
	window.addEventListener( 'message', function ( event ) {
		var data = event.data;
		if ( !data || typeof data !== 'object' || data.type !== 'stonegrid' || data.event !== 'title' ) {
			return;
		}
		document.querySelectorAll( '.stonegrid iframe.stonegrid-frame' ).forEach( function ( frame ) {
			if ( frame.contentWindow === event.source && new URL( frame.src ).origin === event.origin ) {
				frame.title = mw.msg( 'stonegrid-frame-title-board', String( data.title ).slice( 0, 200 ),
					description( frame.closest( '.stonegrid' ) ) );
			}
		} );
	} );
	mw.hook( 'wikipage.content' ).add( function ( $content ) {
		$content[ 0 ].querySelectorAll( '.stonegrid-play' ).forEach( function ( button ) {
			if ( !button.dataset.stonegridReady ) {
				button.dataset.stonegridReady = '1';
				button.addEventListener( 'click', toggle );
			}
		} );
	} );
}() );
