//! `#[tool]` on the item it was put on: a function is declared by `expand`, an `impl`
//! block by `methods`; anything else is an error that says where the attribute goes.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::ItemFn;

use crate::expand::{Site, declare};
use crate::methods;

/// `#[tool(args)] item`: the expansion, or the user's item and every error.
pub(crate) fn tool(args: TokenStream, item: TokenStream) -> TokenStream {
    if let Ok(block) = syn::parse2::<syn::ItemImpl>(item.clone()) {
        return methods::impl_block(args, block);
    }
    let mut function: ItemFn = match syn::parse2(item.clone()) {
        Ok(function) => function,
        // A method of a trait definition, without a body.
        Err(_) if syn::parse2::<syn::TraitItemFn>(item.clone()).is_ok() => {
            let method: syn::TraitItemFn = syn::parse2(item.clone()).expect("parsed above");
            let error = syn::Error::new(
                method.sig.ident.span(),
                "`#[tool]` cannot go on a method of a trait definition: a tool is a free function or a method in an `impl` block\n\
                 help: put `#[tool(...)]` on the method in the trait's `impl` block, and `#[tool]` on that block",
            );
            return with_item(item, error.into_compile_error());
        }
        Err(error) => {
            let error = syn::Error::new(
                error.span(),
                "`#[tool]` goes on a function (`fn` or `async fn`), or on an `impl` block whose methods carry `#[tool(...)]`",
            );
            return with_item(item, error.into_compile_error());
        }
    };
    let site = Site {
        span: Span::call_site(),
        in_trait: None,
    };
    let (registration, errors) = declare(args, &mut function, &site);
    if function.sig.receiver().is_some() {
        // A method whose block has no `#[tool]`: the registration has no place to go
        // (in a trait impl, every item is a member of the trait).
        let error = methods::needs_block_attribute();
        return quote!(#function #error #errors);
    }
    quote! {
        #function
        #registration
        #errors
    }
}

fn with_item(item: TokenStream, errors: TokenStream) -> TokenStream {
    quote! {
        #item
        #errors
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pretty(tokens: TokenStream) -> String {
        prettyplease::unparse(&syn::parse2(tokens).expect("expansion parses as a file"))
    }

    #[test]
    fn json_tool_expansion() {
        let expanded = tool(
            quote!(format = "json"),
            quote! {
                /// Look up one user by id.
                pub async fn get_user_by_id(
                    #[state] db: &Db,
                    /// The user's numeric id.
                    id: u32,
                ) -> Result<User, UserError> {
                    db.get(id)
                }
            },
        );
        expect_test::expect_file!["../tests/snapshots/json_tool.rs"].assert_eq(&pretty(expanded));
    }

    #[test]
    fn hybrid_tool_expansion() {
        let expanded = tool(
            quote!(format = "hybrid", model_id = "capacity-forecast-v2"),
            quote! {
                /// Get one volume's configuration.
                async fn get_volume_configuration(
                    #[state] cluster: &Cluster,
                    /// The volume's UUID.
                    volume_uuid: String,
                ) -> Result<VolumeConfiguration, ToolError> {
                    cluster.configuration(&volume_uuid)
                }
            },
        );
        expect_test::expect_file!["../tests/snapshots/hybrid_tool.rs"].assert_eq(&pretty(expanded));
    }

    #[test]
    fn method_tool_expansion() {
        let expanded = tool(
            quote!(),
            quote! {
                impl Directory {
                    /// Search.
                    #[tool(format = "json", name = "search")]
                    fn search(&self, #[context] cx: Context, query: Option<String>) -> Vec<User> {
                        self.find(query)
                    }
                }
            },
        );
        expect_test::expect_file!["../tests/snapshots/method_tool.rs"].assert_eq(&pretty(expanded));
    }

    #[test]
    fn trait_method_tool_expansion() {
        let expanded = tool(
            quote!(),
            quote! {
                impl<T: Send + Sync + 'static> Inventory for Shop<T> {
                    /// Count the items.
                    #[toolshape::tool(format = "json")]
                    fn count(&self) -> u32 {
                        3
                    }

                    fn helper(&self) {}
                }
            },
        );
        expect_test::expect_file!["../tests/snapshots/trait_method_tool.rs"]
            .assert_eq(&pretty(expanded));
    }

    #[test]
    fn text_tool_expansion() {
        let expanded = tool(
            quote!(format = "text", confirm = "User successfully deleted"),
            quote! {
                /// Delete one user.
                pub fn delete_user(#[state] db: &Db, id: u64) -> Result<(), UserError> {
                    db.delete(id)
                }
            },
        );
        expect_test::expect_file!["../tests/snapshots/text_tool.rs"].assert_eq(&pretty(expanded));
    }
}
