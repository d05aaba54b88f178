(* Arrays printed as numpy's repr prints their elements: nested brackets,
   elements right-aligned to one width, blocks of three or more dimensions
   separated by blank lines, and, past [threshold] elements, only the first
   and last [edge] items of each long dimension around a "...". *)

let threshold = 1000
let edge = 3

(* The indices of a dimension of size [d] that are shown: None for the
   "..." between the two edges. *)
let shown ~summarise d =
  if summarise && d > 2 * edge then
    List.init edge Option.some @ [ None ] @ List.init edge (fun i -> Some (d - edge + i))
  else List.init d Option.some

let array ~dims ~size ~(text : int -> string) ppf =
  let n = Array.length dims in
  if n = 0 then Format.pp_print_string ppf (text 0)
  else if size = 0 then
    (* As numpy prints any array without elements, whatever its shape:
       walking a dimension of 2^40 empty rows would not end. *)
    Format.pp_print_string ppf "[]"
  else begin
    let summarise = size > threshold in
    (* Render the shown elements first, for their common width. *)
    let cells = Hashtbl.create 64 in
    let rec collect k base =
      List.iter
        (function
          | None -> ()
          | Some i ->
              let lin = (base * dims.(k)) + i in
              if k = n - 1 then Hashtbl.replace cells lin (text lin) else collect (k + 1) lin)
        (shown ~summarise dims.(k))
    in
    collect 0 0;
    let width = Hashtbl.fold (fun _ s w -> max w (String.length s)) cells 0 in
    let buf = Buffer.create 256 in
    let rec block k base =
      Buffer.add_char buf '[';
      let items = shown ~summarise dims.(k) in
      let sep =
        if k = n - 1 then ", "
        else ",\n" ^ String.make (n - k - 2) '\n' ^ String.make (k + 1) ' '
      in
      List.iteri
        (fun j item ->
          if j > 0 then Buffer.add_string buf sep;
          match item with
          | None -> Buffer.add_string buf "..."
          | Some i ->
              let lin = (base * dims.(k)) + i in
              if k = n - 1 then begin
                let s = Hashtbl.find cells lin in
                Buffer.add_string buf (String.make (width - String.length s) ' ');
                Buffer.add_string buf s
              end
              else block (k + 1) lin)
        items;
      Buffer.add_char buf ']'
    in
    block 0 0;
    Format.pp_print_string ppf (Buffer.contents buf)
  end
